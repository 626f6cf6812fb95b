package models

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// modelFiles is a small models folder in the real layout: every file the
// loaders read, licences, and a SHA256SUMS per model folder as
// scripts/models.sh writes them.
var modelFiles = map[string]string{
	"use-lite/model.json": "{}", "use-lite/vocab.json": "[]", "use-lite/group1-shard1of1": "weights", "use-lite/LICENSE": "Apache-2.0",
	"glove/glove-100d-int8.bin": "table", "glove/LICENSE": "MIT", "glove/SOURCE": "pkg",
	"wordnet/data.noun": "nouns", "wordnet/index.noun": "index", "wordnet/LICENSE": "WordNet",
}

func hexSum(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// modelsFolder writes modelFiles under dir with per-folder manifests.
func modelsFolder(t *testing.T, dir string) string {
	t.Helper()
	lists := map[string][]string{}
	for rel, body := range modelFiles {
		write(t, filepath.Join(dir, rel), body)
		d, f := path.Split(rel)
		lists[d] = append(lists[d], fmt.Sprintf("%s  %s", hexSum([]byte(body)), f))
	}
	for d, lines := range lists {
		sort.Strings(lines)
		write(t, filepath.Join(dir, d, SumsFile), "# fetched by a test\n"+strings.Join(lines, "\n")+"\n")
	}
	return dir
}

// entries are the files of a models folder and a root SHA256SUMS over
// them, as `make models-archive` packs them.
func entries(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		lines = append(lines, hexSum(b)+"  "+filepath.ToSlash(rel))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	out[SumsFile] = []byte(strings.Join(lines, "\n") + "\n")
	return out
}

func tarGz(t *testing.T, dst, prefix string, files map[string][]byte, extra ...*tar.Header) string {
	t.Helper()
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: prefix + n, Mode: 0o644, Size: int64(len(files[n])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(files[n]); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range extra {
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func zipOf(t *testing.T, dst string, files map[string][]byte) string {
	t.Helper()
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for n, b := range files {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return dst
}

// Not parallel: outside changes the working directory, so the installed
// models are found where an installed copy of the CLI would look.
func TestInstall(t *testing.T) {
	cases := []struct {
		name   string
		source func(t *testing.T, tmp string) string
		want   error // nil: all three installed
	}{
		{"a models folder", func(t *testing.T, tmp string) string { return modelsFolder(t, filepath.Join(tmp, "models")) }, nil},
		{"a .tar.gz with a root SHA256SUMS, as make models-archive packs it", func(t *testing.T, tmp string) string {
			return tarGz(t, filepath.Join(tmp, "continuity-models.tar.gz"), "", entries(t, modelsFolder(t, filepath.Join(tmp, "m"))))
		}, nil},
		{"a .tgz of the folder itself", func(t *testing.T, tmp string) string {
			return tarGz(t, filepath.Join(tmp, "m.tgz"), "./models/", entries(t, modelsFolder(t, filepath.Join(tmp, "m"))))
		}, nil},
		{"a .zip", func(t *testing.T, tmp string) string {
			return zipOf(t, filepath.Join(tmp, "m.zip"), entries(t, modelsFolder(t, filepath.Join(tmp, "m"))))
		}, nil},
		{"an archive the SHA256SUMS beside it vouches for", func(t *testing.T, tmp string) string {
			p := tarGz(t, filepath.Join(tmp, "continuity-models.tar.gz"), "", entries(t, modelsFolder(t, filepath.Join(tmp, "m"))))
			b, _ := os.ReadFile(p)
			write(t, filepath.Join(tmp, SumsFile), hexSum(b)+"  continuity-models.tar.gz\n")
			return p
		}, nil},
		{"an archive the SHA256SUMS beside it does not match", func(t *testing.T, tmp string) string {
			p := tarGz(t, filepath.Join(tmp, "continuity-models.tar.gz"), "", entries(t, modelsFolder(t, filepath.Join(tmp, "m"))))
			write(t, filepath.Join(tmp, SumsFile), hexSum([]byte("other"))+"  continuity-models.tar.gz\n")
			return p
		}, ErrVerify},
		{"a file changed after its manifest", func(t *testing.T, tmp string) string {
			dir := modelsFolder(t, filepath.Join(tmp, "models"))
			write(t, filepath.Join(dir, GloVe), "tampered")
			return dir
		}, ErrVerify},
		{"a file no manifest lists", func(t *testing.T, tmp string) string {
			dir := modelsFolder(t, filepath.Join(tmp, "models"))
			write(t, filepath.Join(dir, "wordnet", "extra"), "x")
			return dir
		}, ErrVerify},
		{"a listed file missing", func(t *testing.T, tmp string) string {
			dir := modelsFolder(t, filepath.Join(tmp, "models"))
			if err := os.Remove(filepath.Join(dir, "use-lite", "vocab.json")); err != nil {
				t.Fatal(err)
			}
			return dir
		}, ErrVerify},
		{"a model folder without a manifest", func(t *testing.T, tmp string) string {
			dir := modelsFolder(t, filepath.Join(tmp, "models"))
			if err := os.Remove(filepath.Join(dir, "glove", SumsFile)); err != nil {
				t.Fatal(err)
			}
			return dir
		}, ErrVerify},
		{"an archive path leaving the archive", func(t *testing.T, tmp string) string {
			files := entries(t, modelsFolder(t, filepath.Join(tmp, "m")))
			files["../evil"] = []byte("x")
			return tarGz(t, filepath.Join(tmp, "m.tar.gz"), "", files)
		}, ErrArchive},
		{"an archive with a link", func(t *testing.T, tmp string) string {
			files := entries(t, modelsFolder(t, filepath.Join(tmp, "m")))
			return tarGz(t, filepath.Join(tmp, "m.tar.gz"), "", files, &tar.Header{Name: "glove/link", Linkname: "/etc/passwd", Typeflag: tar.TypeSymlink})
		}, ErrArchive},
		{"a folder with no models", func(t *testing.T, tmp string) string {
			write(t, filepath.Join(tmp, "x", "README"), "x")
			return filepath.Join(tmp, "x")
		}, errNoModels},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			outside(t)
			tmp, data := t.TempDir(), t.TempDir()
			rep, err := Install(data, c.source(t, tmp))
			if c.want != nil {
				if !errors.Is(err, c.want) {
					t.Fatalf("Install = %+v, %v; want %v", rep, err, c.want)
				}
				if left, _ := os.ReadDir(filepath.Join(data, "models")); len(left) != 0 {
					t.Errorf("a failed install left %v in the data dir", left)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Installed) != 3 || len(rep.Absent) != 0 {
				t.Fatalf("report %+v", rep)
			}
			for i, loc := range Describe(data) {
				in := rep.Installed[i]
				if loc.From != FromDataDir || loc.Path != in.Path || loc.SHA256 != in.SHA256 || loc.SHA256 == "" {
					t.Errorf("%s: found %+v, installed %+v", loc.Model, loc, in)
				}
			}
			if left, _ := filepath.Glob(filepath.Join(data, "models", ".*")); len(left) != 0 {
				t.Errorf("staging folders left behind: %v", left)
			}
		})
	}
}

// Not parallel: outside changes the working directory.
func TestInstallReplacesAnInstalledModel(t *testing.T) {
	outside(t)
	tmp, data := t.TempDir(), t.TempDir()
	if _, err := Install(data, modelsFolder(t, filepath.Join(tmp, "v1"))); err != nil {
		t.Fatal(err)
	}
	v2 := filepath.Join(tmp, "v2", "glove")
	write(t, filepath.Join(v2, "glove-100d-int8.bin"), "table v2")
	write(t, filepath.Join(v2, SumsFile), hexSum([]byte("table v2"))+"  glove-100d-int8.bin\n")
	rep, err := Install(data, filepath.Dir(v2))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Installed) != 1 || strings.Join(rep.Absent, ",") != "USE-lite,WordNet" {
		t.Fatalf("report %+v", rep)
	}
	loc, err := Locate(data, GloVe)
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := loc.Hash(); h != hexSum([]byte("table v2")) {
		t.Errorf("GloVe is still the old table (%s)", h)
	}
	if _, err := os.Stat(filepath.Join(loc.Path, "LICENSE")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the old copy's files survived the swap: %v", err)
	}
	if _, err := Locate(data, USELite); err != nil {
		t.Errorf("a model the source lacked was removed: %v", err)
	}
}
