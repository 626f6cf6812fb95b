// Package models finds the offline model files that `make models` lays out
// (scripts/models.sh) and `continuity models install` copies into the data
// dir: nothing is downloaded at run time, so a model is either in one of a
// few known folders (or compiled into the binary) or the caller falls back
// and says so.
package models

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// EnvDir names a models folder that overrides every other place: when it
// is set, it is the only place looked in (an empty folder turns the
// pretrained models off).
const EnvDir = "CONTINUITY_MODELS"

// Paths of the models inside a models folder: the file that says the
// model is there, inside the folder that holds the model.
const (
	USELite = "use-lite/model.json"
	GloVe   = "glove/glove-100d-int8.bin"
	WordNet = "wordnet/data.noun"
)

// InstallHint says how to get the models onto a machine, for messages
// about a missing one.
const InstallHint = "install them with `continuity models install ARCHIVE|DIR` (a release's continuity-models.tar.gz, or models/ after `make models`)"

// ErrNotFound is returned when no known folder holds the model.
var ErrNotFound = errors.New("offline model not found")

// Where a model was found, as status and version report it.
const (
	FromEnv        = "env"         // $CONTINUITY_MODELS (or $CONTINUITY_WORDNET)
	FromSourceTree = "source_tree" // models/ at the root of the source tree
	FromDataDir    = "data_dir"    // <data dir>/models, where `models install` puts them
	FromExecutable = "executable"  // models/ beside the executable
	FromEmbedded   = "embedded"    // compiled into the binary (-tags embedmodels)
	FromSystem     = "system"      // Debian's wordnet-base (WordNet only)
)

// place is one models folder and what it is.
type place struct{ from, dir string }

// Candidates lists, in order, the folders that may hold the models:
// $CONTINUITY_MODELS alone when set; else models/ at the root of the source tree the working
// directory is in (tests and `make run`), <dataDir>/models, and models/
// beside the executable. An empty dataDir means the data dir of the
// process's session (SetDataDir), if any.
func Candidates(dataDir string) []string {
	var dirs []string
	for _, p := range places(dataDir) {
		dirs = append(dirs, p.dir)
	}
	return dirs
}

func places(dataDir string) []place {
	if d := os.Getenv(EnvDir); d != "" {
		return []place{{FromEnv, d}}
	}
	var ps []place
	if dir, ok := SourceTree(); ok {
		ps = append(ps, place{FromSourceTree, dir})
	}
	if dataDir == "" {
		dataDir = processDataDir()
	}
	if dataDir != "" {
		ps = append(ps, place{FromDataDir, filepath.Join(dataDir, "models")})
	}
	if exe, err := os.Executable(); err == nil {
		ps = append(ps, place{FromExecutable, filepath.Join(filepath.Dir(exe), "models")})
	}
	return ps
}

// SourceTree is models/ at the root of the source tree the working
// directory is in, whether or not it exists yet.
func SourceTree() (string, bool) {
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	root, ok := repoRoot(wd)
	if !ok {
		return "", false
	}
	return filepath.Join(root, "models"), true
}

// repoRoot is the nearest ancestor of dir holding go.mod or .git. Only the
// root's models/ counts: folders on the way up (backend/models is this
// package) are not model folders.
func repoRoot(dir string) (string, bool) {
	for {
		for _, mark := range []string{"go.mod", ".git"} {
			if _, err := os.Stat(filepath.Join(dir, mark)); err == nil {
				return dir, true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// Find returns the path of rel (such as GloVe) in the first candidate
// folder that has it; the error wraps ErrNotFound and names the folders
// looked in. It sees files only, never the copy compiled into the binary:
// the developer commands use it; the product uses Locate.
func Find(dataDir, rel string) (string, error) {
	dirs := Candidates(dataDir)
	for _, d := range dirs {
		p := filepath.Join(d, filepath.FromSlash(rel))
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: %s (looked in %s)", ErrNotFound, rel, strings.Join(dirs, ", "))
}

// Notice is the one line to show when a model is missing: what is missing,
// how to get it, and what runs instead, e.g. "offline models not found (run
// `continuity models install` …); using the LSA embedder".
func Notice(model, fallback string) string {
	what := "offline models not found"
	if model != "" {
		what = fmt.Sprintf("offline model %s not found", model)
	}
	how := fmt.Sprintf("run `continuity models install ARCHIVE|DIR` or `make models`, or set %s", EnvDir)
	if fallback == "" {
		return fmt.Sprintf("%s (%s)", what, how)
	}
	return fmt.Sprintf("%s (%s); using %s", what, how, fallback)
}
