package cli

import (
	"errors"
	"flag"
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
	fs.StringVar(&g.logLevel, "log-level", g.logLevel, "log level: debug, info, warn, error")
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
