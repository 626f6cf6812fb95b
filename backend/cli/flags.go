package cli

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
)

// globals are accepted before the command name and among its flags.
type globals struct {
	dataDir  string
	corpus   string
	json     bool
	logJSON  bool
	logLevel string
}

func (g *globals) register(fs *flag.FlagSet) {
	fs.StringVar(&g.dataDir, "data", g.dataDir, "data dir (default: OS user data dir + /continuity, or $CONTINUITY_DATA)")
	fs.StringVar(&g.corpus, "corpus", g.corpus, "corpus workspace folder (default: the configured one; on first run the bundled sample)")
	fs.BoolVar(&g.json, "json", g.json, "machine-readable JSON on stdout, nothing else on stdout")
	fs.BoolVar(&g.logJSON, "log-json", g.logJSON, "write logs to stderr as JSON lines")
	fs.Var(logLevelFlag{&g.logLevel}, "log-level", "log level: debug, info, warn, error")
}

// logLevelFlag refuses a level slog does not know, so a typo is a usage
// error instead of a silent fall-back to warn.
type logLevelFlag struct{ p *string }

func (f logLevelFlag) String() string {
	if f.p == nil {
		return ""
	}
	return *f.p
}

func (f logLevelFlag) Set(s string) error {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return fmt.Errorf("%q is not a log level (debug, info, warn or error)", s)
	}
	*f.p = s
	return nil
}

// parseInterspersed lets flags follow positional arguments
// (`search "refund window" --k 5`), as users type them; "--" ends flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, Usagef("%s: %v", fs.Name(), err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
