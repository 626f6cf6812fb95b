package cli

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"continuity/backend/models"
	"continuity/backend/workspace"
)

// Commit is set at build time with -ldflags "-X continuity/backend/cli.Commit=…";
// without it the commit Go stamped into the binary is used, if any.
var Commit = ""

func versionCommand() *Command {
	return &Command{
		Name:    "version",
		Summary: "print the version, the commit and the offline models (where from, sha256)",
		Help: `Prints the version, the commit it was built from and, for each offline model
(USE-lite, GloVe, WordNet), where it was found and its sha256, so a CI log says
exactly what produced its verdicts. --json prints {"version","commit","go","os",
"arch","models":[{"model","from","path","sha256","error"}]}; "from" is env,
source_tree, data_dir, executable, embedded or system, and "error" says why a
model is missing. Never opens the data dir's database.`,
		Run: func(_ context.Context, env *Env, args []string) error {
			if len(args) > 0 {
				return Usagef("version takes no arguments")
			}
			v := versionJSON{Version: Version, Commit: commit(), Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH,
				Models: models.Describe(env.dataDir())}
			if env.JSON {
				return env.WriteJSON(v)
			}
			fmt.Fprintf(env.Stdout, "continuity %s (%s %s/%s)\ncommit     %s\n", v.Version, v.Go, v.OS, v.Arch, orUnknown(v.Commit))
			writeModels(env.Stdout, v.Models)
			return nil
		},
	}
}

type versionJSON struct {
	Version string            `json:"version"`
	Commit  string            `json:"commit"`
	Go      string            `json:"go"`
	OS      string            `json:"os"`
	Arch    string            `json:"arch"`
	Models  []models.Location `json:"models"`
}

// commit is Commit, else the VCS revision Go records in a binary built in
// a git checkout ("-dirty" when it had uncommitted changes).
func commit() string {
	if Commit != "" {
		return Commit
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "-dirty"
		}
	}
	if rev == "" {
		return ""
	}
	return rev + dirty
}

// writeModels prints one line per model: its hash and where it came from,
// or why it is missing.
func writeModels(w io.Writer, locs []models.Location) {
	for i, l := range locs {
		label := "models    "
		if i > 0 {
			label = "          "
		}
		switch {
		case l.Error != "" && l.FS == nil:
			fmt.Fprintf(w, "%s %-8s missing: %s; %s\n", label, l.Model, l.Error, models.InstallHint)
		case l.Error != "":
			fmt.Fprintf(w, "%s %-8s unreadable at %s: %s\n", label, l.Model, l.Path, l.Error)
		case l.From == models.FromEmbedded:
			fmt.Fprintf(w, "%s %-8s sha256 %s, embedded in the binary\n", label, l.Model, l.SHA256)
		default:
			fmt.Fprintf(w, "%s %-8s sha256 %s, from %s %s\n", label, l.Model, l.SHA256, fromLabel[l.From], l.Path)
		}
	}
}

// fromLabel says in words where a model was found.
var fromLabel = map[string]string{models.FromEnv: "the environment", models.FromSourceTree: "the source tree",
	models.FromDataDir: "the data dir", models.FromExecutable: "beside the executable", models.FromSystem: "the system"}

// dataDir is the data dir the session would open, without opening it
// (version and models run without the database); "" when it cannot be
// told, which leaves the data dir out of model lookups.
func (e *Env) dataDir() string {
	if e.opts.DataDir != "" {
		return e.opts.DataDir
	}
	d, err := workspace.DefaultDataDir()
	if err != nil {
		return ""
	}
	return d
}
