// Package models finds the offline model files that `make models` lays out
// (scripts/models.sh): nothing is downloaded at run time, so a model is
// either in one of a few known folders or the caller falls back and says so.
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

// Paths of the models inside a models folder.
const (
	USELite = "use-lite/model.json"
	GloVe   = "glove/glove-100d-int8.bin"
)

// ErrNotFound is returned when no known folder holds the model.
var ErrNotFound = errors.New("offline model not found")

// Candidates lists, in order, the folders that may hold the models:
// $CONTINUITY_MODELS alone when set; else models/ at the root of the source tree the working
// directory is in (tests and `make run`), <dataDir>/models, and models/
// beside the executable. dataDir may be empty.
func Candidates(dataDir string) []string {
	if d := os.Getenv(EnvDir); d != "" {
		return []string{d}
	}
	var dirs []string
	if wd, err := os.Getwd(); err == nil {
		if root, ok := repoRoot(wd); ok {
			dirs = append(dirs, filepath.Join(root, "models"))
		}
	}
	if dataDir != "" {
		dirs = append(dirs, filepath.Join(dataDir, "models"))
	}
	if exe, err := os.Executable(); err == nil {
		dirs = append(dirs, filepath.Join(filepath.Dir(exe), "models"))
	}
	return dirs
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
// looked in.
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
// `make models`); using the LSA embedder".
func Notice(model, fallback string) string {
	what := "offline models not found"
	if model != "" {
		what = fmt.Sprintf("offline model %s not found", model)
	}
	if fallback == "" {
		return fmt.Sprintf("%s (run `make models` or set %s)", what, EnvDir)
	}
	return fmt.Sprintf("%s (run `make models` or set %s); using %s", what, EnvDir, fallback)
}
