package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"strings"

	"continuity/backend/logging"
	"continuity/backend/session"
)

// Version is set at build time with -ldflags "-X continuity/backend/cli.Version=…".
var Version = "0.1.0-dev"

// Desktop opens the desktop app on the session; nil in builds without one.
// A plain function type, so the desktop shell needs nothing from this
// package (app and cli are peers).
type Desktop func(ctx context.Context, s *session.Session, log *slog.Logger) error

// IO is what the process hands the command line: its streams and, in a
// build that has one, the web UI `serve` serves (frontend/dist).
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	WebUI          fs.FS // nil: serve answers the API only
}

// Main runs the command line and returns the exit code.
func Main(ctx context.Context, args []string, io IO, sample fs.FS, desktop Desktop) int {
	g := &globals{logLevel: "warn"}
	top := flag.NewFlagSet("continuity", flag.ContinueOnError)
	top.SetOutput(discard{})
	g.register(top)
	if err := top.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeUsage(io.Stdout, desktop != nil)
			return ExitOK
		}
		return fail(io.Stderr, Usagef("%v", err))
	}
	rest := top.Args()
	if len(rest) == 0 {
		env := newEnv(io.Stdin, io.Stdout, io.Stderr, g, sample)
		defer env.close()
		if desktop == nil {
			fmt.Fprintln(io.Stderr, "continuity: this is the headless build; it has no desktop app. Use a command:")
			writeCommandList(io.Stderr)
			return ExitError
		}
		s, err := env.Session(ctx)
		if err != nil {
			return fail(io.Stderr, err)
		}
		return fail(io.Stderr, desktop(ctx, s, env.Log))
	}
	c, ok := findCommand(rest[0])
	if !ok {
		return fail(io.Stderr, Usagef("unknown command %q (run 'continuity help')", rest[0]))
	}
	fs, run := commandFlagSet(c, g)
	pos, err := parseInterspersed(fs, rest[1:])
	if errors.Is(err, flag.ErrHelp) {
		writeCommandHelp(io.Stdout, c)
		return ExitOK
	}
	if err != nil {
		return fail(io.Stderr, err)
	}
	env := newEnv(io.Stdin, io.Stdout, io.Stderr, g, sample)
	env.WebUI = io.WebUI
	defer env.close()
	return fail(io.Stderr, run(ctx, env, pos))
}

// fail prints err as one line on stderr and maps it to an exit code.
func fail(w io.Writer, err error) int {
	if err == nil {
		return ExitOK
	}
	var f *FailedError
	if !errors.As(err, &f) {
		msg := logging.Escape(strings.ReplaceAll(err.Error(), "\n", "; "))
		if errors.Is(err, session.ErrNoCorpus) {
			msg += "; pass --corpus DIR"
		}
		fmt.Fprintf(w, "continuity: %s\n", msg)
	}
	return exitCode(err)
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
