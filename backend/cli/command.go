package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Command is one subcommand.
type Command struct {
	Name    string
	Args    string // synopsis of positional arguments, e.g. "FILE|-"
	Summary string // one line for the command list
	Help    string // longer text for `continuity help NAME`
	// Flags registers the command's flags on a fresh FlagSet and returns the
	// function that runs with them, so every invocation owns its flag values
	// (commands run concurrently in tests). Nil for commands without flags.
	Flags func(fs *flag.FlagSet) RunFunc
	// Run runs a command that has no flags of its own.
	Run RunFunc
}

// RunFunc runs a command with its positional arguments.
type RunFunc func(ctx context.Context, env *Env, args []string) error

// allCommands is every subcommand, built fresh on each call so no state
// is shared between runs (tests run commands concurrently).
func allCommands() []*Command {
	cs := []*Command{auditCommand(), calibrateCommand(), changesCommand(), checkCommand(), evalCommand(), goldenCommand(), guidelinesCommand(), helpCommand(),
		indexCommand(), lintCommand(), mcpCommand(), modelsCommand(), searchCommand(), serveCommand(), sourcesCommand(), statusCommand(), teamCommand(), versionCommand()}
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
	return cs
}

// findCommand returns the subcommand called name.
func findCommand(name string) (*Command, bool) {
	for _, c := range allCommands() {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

func writeCommandList(w io.Writer) {
	fmt.Fprintln(w, "Commands:")
	for _, c := range allCommands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.Name, c.Summary)
	}
}

func writeUsage(w io.Writer, desktop bool) {
	fmt.Fprintln(w, "Continuity checks new content against everything you already published.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: continuity [global flags] <command> [flags] [args]")
	if desktop {
		fmt.Fprintln(w, "       continuity [global flags]          opens the desktop app")
	}
	fmt.Fprintln(w)
	writeCommandList(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Global flags:")
	fs := flag.NewFlagSet("continuity", flag.ContinueOnError)
	new(globals).register(fs)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit codes: 0 success, 1 a check or gate failed, 2 usage or runtime error.")
	fmt.Fprintln(w, "Run 'continuity help <command>' for a command's flags.")
}

func writeCommandHelp(w io.Writer, c *Command) {
	fmt.Fprintf(w, "Usage: continuity %s [flags] %s\n\n%s\n", c.Name, c.Args, c.Summary)
	if c.Help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.Help))
	}
	fs, _ := commandFlagSet(c, new(globals))
	fs.SetOutput(w)
	fmt.Fprintln(w, "\nFlags (global flags included):")
	fs.PrintDefaults()
}

func commandFlagSet(c *Command, g *globals) (*flag.FlagSet, RunFunc) {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	g.register(fs)
	run := c.Run
	if c.Flags != nil {
		run = c.Flags(fs)
	}
	return fs, run
}
