package cli

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"os"

	"continuity/backend/logging"
	"continuity/backend/session"
)

// Env is what a command runs with.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	JSON           bool
	Log            *slog.Logger
	Redactor       *logging.Redactor
	WebUI          fs.FS // the built frontend, for serve; nil in builds without one

	opts    session.Options
	session *session.Session
	// the process streams as given: the MCP protocol and the progress bar
	// need their bytes as written, everything else goes through Printable
	rawStdout, rawStderr io.Writer
	flush                []*logging.Printable
}

// Session opens the shared state on first use, so commands such as
// `version` never touch the data dir.
func (e *Env) Session(ctx context.Context) (*session.Session, error) {
	if e.session != nil {
		return e.session, nil
	}
	s, err := session.Open(ctx, e.opts)
	if err != nil {
		return nil, err
	}
	if key, _, err := s.Secrets.Key(ctx); err == nil && key != "" {
		e.Redactor.AddSecret(key)
	}
	e.session = s
	return s, nil
}

// WriteJSON writes v as indented JSON on stdout.
func (e *Env) WriteJSON(v any) error {
	enc := json.NewEncoder(e.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// IsTerminal reports whether stderr is an interactive terminal, the only
// place a progress bar belongs.
func (e *Env) IsTerminal() bool {
	f, ok := e.rawStderr.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (e *Env) close() {
	if e.session != nil {
		_ = e.session.Close()
	}
	for _, p := range e.flush {
		_ = p.Flush()
	}
}

func newEnv(stdin io.Reader, stdout, stderr io.Writer, g *globals, sample fs.FS) *Env {
	// A file name can hold terminal controls; text output and logs carry
	// them escaped. --json stdout is left alone: JSON escapes them itself.
	errw, out := logging.NewPrintable(stderr), stdout
	flush := []*logging.Printable{errw}
	if !g.json {
		p := logging.NewPrintable(stdout)
		out, flush = p, append(flush, p)
	}
	red := logging.NewRedactor(errw)
	if k := os.Getenv("OPENAI_API_KEY"); k != "" {
		red.AddSecret(k)
	}
	level := slog.LevelWarn
	_ = level.UnmarshalText([]byte(g.logLevel))
	log := logging.New(red, logging.Options{JSON: g.logJSON, Level: level})
	return &Env{Stdin: stdin, Stdout: out, Stderr: errw, JSON: g.json, Log: log, Redactor: red,
		rawStdout: stdout, rawStderr: stderr, flush: flush,
		opts: session.Options{DataDir: g.dataDir, CorpusFlag: g.corpus, Sample: sample, Logger: log}}
}
