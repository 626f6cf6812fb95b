package models

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func touch(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Not parallel: the cases change the working directory and environment.
func TestFind(t *testing.T) {
	tmp := t.TempDir()
	repo := filepath.Join(tmp, "repo")
	touch(t, filepath.Join(repo, "go.mod"))
	work := filepath.Join(repo, "backend", "pkg")
	// A folder named models inside the tree is a Go package, not the models.
	touch(t, filepath.Join(repo, "backend", "models", "glove", "glove-100d-int8.bin"))
	touch(t, filepath.Join(work, "x.go"))

	cases := []struct {
		name  string
		setup func(t *testing.T) (env, data string) // returns $CONTINUITY_MODELS and the data dir
		want  string                                // relative to tmp; "" means not found
	}{
		{"environment first", func(t *testing.T) (string, string) {
			touch(t, filepath.Join(tmp, "env1", GloVe))
			touch(t, filepath.Join(repo, "models", GloVe))
			return filepath.Join(tmp, "env1"), ""
		}, "env1/" + GloVe},
		{"the environment is the only place when set", func(t *testing.T) (string, string) {
			touch(t, filepath.Join(repo, "models", GloVe))
			return filepath.Join(tmp, "empty"), ""
		}, ""},
		{"data dir after the repo", func(t *testing.T) (string, string) {
			touch(t, filepath.Join(tmp, "data", "models", GloVe))
			return "", filepath.Join(tmp, "data")
		}, "data/models/" + GloVe},
		{"inner models folder ignored", func(t *testing.T) (string, string) {
			return "", ""
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			os.RemoveAll(filepath.Join(repo, "models"))
			env, data := c.setup(t)
			t.Setenv(EnvDir, env)
			t.Chdir(work)
			got, err := Find(data, GloVe)
			if c.want == "" {
				if !errors.Is(err, ErrNotFound) {
					t.Fatalf("Find = %q, %v; want ErrNotFound", got, err)
				}
				if dirs := Candidates(data); !strings.Contains(err.Error(), dirs[0]) {
					t.Errorf("error %q does not name the folders looked in (%v)", err, dirs)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(tmp, filepath.FromSlash(c.want)); got != want {
				t.Errorf("Find = %q, want %q", got, want)
			}
		})
	}
}

func TestCandidatesEndBesideExecutable(t *testing.T) {
	t.Setenv(EnvDir, "")
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no executable path:", err)
	}
	dirs := Candidates("")
	if len(dirs) == 0 || dirs[len(dirs)-1] != filepath.Join(filepath.Dir(exe), "models") {
		t.Errorf("candidates %v do not end beside the executable %s", dirs, exe)
	}
}

func TestNotice(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, model, fallback string
		want                  string
	}{
		{"all models", "", "the LSA embedder", "offline models not found (run `continuity models install ARCHIVE|DIR` or `make models`, or set CONTINUITY_MODELS); using the LSA embedder"},
		{"one model", "GloVe", "the LSA embedder", "offline model GloVe not found (run `continuity models install ARCHIVE|DIR` or `make models`, or set CONTINUITY_MODELS); using the LSA embedder"},
		{"no fallback", "WordNet", "", "offline model WordNet not found (run `continuity models install ARCHIVE|DIR` or `make models`, or set CONTINUITY_MODELS)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Notice(c.model, c.fallback)
			if got != c.want {
				t.Errorf("Notice = %q, want %q", got, c.want)
			}
			if strings.Contains(got, "\n") {
				t.Errorf("notice spans lines: %q", got)
			}
		})
	}
}
