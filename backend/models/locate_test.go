package models

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"continuity/backend/wordnet"
)

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// outside runs the test from a folder that is in no source tree, with no
// model folder named by the environment, as an installed copy runs.
func outside(t *testing.T) {
	t.Helper()
	t.Setenv(EnvDir, "")
	t.Setenv(wordnet.EnvDir, "")
	t.Chdir(t.TempDir())
	t.Cleanup(func() { SetDataDir(""); SetEmbedded(nil) })
}

// Not parallel: the cases change the working directory, the environment
// and the process-wide data dir and embedded models.
func TestLocate(t *testing.T) {
	cases := []struct {
		name     string
		setup    func(t *testing.T, data string) (dataArg string)
		rel      string
		wantFrom string // "" means not found
		wantErr  []string
	}{
		{"the data dir, from outside any source tree", func(t *testing.T, data string) string {
			write(t, filepath.Join(data, "models", GloVe), "g")
			return data
		}, GloVe, FromDataDir, nil},
		{"the session's data dir when none is given", func(t *testing.T, data string) string {
			write(t, filepath.Join(data, "models", GloVe), "g")
			SetDataDir(data)
			return ""
		}, GloVe, FromDataDir, nil},
		{"compiled in, after every folder", func(t *testing.T, data string) string {
			SetEmbedded(fstest.MapFS{GloVe: {Data: []byte("e")}})
			return data
		}, GloVe, FromEmbedded, nil},
		{"a folder wins over the compiled-in copy", func(t *testing.T, data string) string {
			write(t, filepath.Join(data, "models", USELite), "{}")
			SetEmbedded(fstest.MapFS{USELite: {Data: []byte("{}")}})
			return data
		}, USELite, FromDataDir, nil},
		{"$CONTINUITY_MODELS alone, even over the compiled-in copy", func(t *testing.T, data string) string {
			write(t, filepath.Join(data, "models", GloVe), "g")
			SetEmbedded(fstest.MapFS{GloVe: {Data: []byte("e")}})
			t.Setenv(EnvDir, filepath.Join(data, "empty"))
			return data
		}, GloVe, "", []string{filepath.Join("empty")}},
		{"$CONTINUITY_WORDNET alone for WordNet", func(t *testing.T, data string) string {
			write(t, filepath.Join(data, "models", WordNet), "n")
			write(t, filepath.Join(data, "wn", "data.noun"), "n")
			t.Setenv(wordnet.EnvDir, filepath.Join(data, "wn"))
			return data
		}, WordNet, FromEnv, nil},
		{"not found: names every place looked in", func(t *testing.T, data string) string {
			SetEmbedded(fstest.MapFS{GloVe: {Data: []byte("e")}})
			return data
		}, USELite, "", []string{"USE-lite", filepath.Join("models"), FromEmbedded}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			outside(t)
			data := t.TempDir()
			loc, err := Locate(c.setup(t, data), c.rel)
			if c.wantFrom == "" {
				if !errors.Is(err, ErrNotFound) || loc.FS != nil {
					t.Fatalf("Locate = %+v, %v; want ErrNotFound", loc, err)
				}
				for _, w := range c.wantErr {
					if !strings.Contains(err.Error(), w) || loc.Error != err.Error() {
						t.Errorf("error %q (Error %q) does not name %q", err, loc.Error, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if loc.From != c.wantFrom || loc.Model != Name(c.rel) {
				t.Fatalf("Locate = %+v, want from %s", loc, c.wantFrom)
			}
			if c.wantFrom == FromDataDir && loc.Path != filepath.Join(data, "models", filepath.Dir(c.rel)) {
				t.Errorf("path %s, want the data dir's", loc.Path)
			}
			if _, err := loc.FS.Open(filepath.Base(c.rel)); err != nil {
				t.Errorf("the model's files cannot be read where it was found: %v", err)
			}
		})
	}
}

func sum(parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "")))
	return hex.EncodeToString(h[:])
}

// Not parallel: outside changes the working directory.
func TestHashCoversTheLoadersFilesOnly(t *testing.T) {
	cases := []struct {
		name  string
		rel   string
		files map[string]string
		want  string
	}{
		{"GloVe: the table's own sha256", GloVe, map[string]string{"glove-100d-int8.bin": "table", "LICENSE": "l", "SHA256SUMS": "s"}, sum("table")},
		{"USE-lite: graph, shards and vocabulary in name order", USELite,
			map[string]string{"model.json": "m", "vocab.json": "v", "group1-shard1of1": "w", "LICENSE": "l", "SHA256SUMS": "s"}, sum("w", "m", "v")},
		{"WordNet: data, index and exception files", WordNet,
			map[string]string{"data.noun": "dn", "index.noun": "in", "noun.exc": "ne", "sents.vrb": "x", "LICENSE": "l"}, sum("dn", "in", "ne")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			outside(t)
			data := t.TempDir()
			for name, body := range c.files {
				write(t, filepath.Join(data, "models", filepath.Dir(c.rel), name), body)
			}
			got := Describe(data)
			for _, l := range got {
				if l.Model != Name(c.rel) {
					continue
				}
				if l.SHA256 != c.want || l.Error != "" {
					t.Errorf("%s: sha256 %s (error %q), want %s", l.Model, l.SHA256, l.Error, c.want)
				}
				return
			}
			t.Fatalf("Describe has no %s: %+v", Name(c.rel), got)
		})
	}
}

// Not parallel: outside changes the working directory.
func TestMissingNamesEveryMissingModel(t *testing.T) {
	outside(t)
	data := t.TempDir()
	write(t, filepath.Join(data, "models", GloVe), "g")
	t.Setenv(wordnet.EnvDir, filepath.Join(data, "no-wordnet"))
	names, err := Missing(data)
	if strings.Join(names, ",") != "USE-lite,WordNet" || !errors.Is(err, ErrNotFound) ||
		!strings.Contains(err.Error(), "USE-lite, WordNet (looked in "+filepath.Join(data, "models")) {
		t.Fatalf("Missing = %v, %v", names, err)
	}
	write(t, filepath.Join(data, "models", USELite), "{}")
	write(t, filepath.Join(data, "no-wordnet", "data.noun"), "n")
	if names, err := Missing(data); names != nil || err != nil {
		t.Fatalf("with every model: Missing = %v, %v", names, err)
	}
}
