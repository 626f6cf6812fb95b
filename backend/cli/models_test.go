package cli

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"continuity/backend/models"
	"continuity/backend/wordnet"
)

// realModels is the source tree's models/ that `make models` fills; the
// tests that need it skip without it, as the other model tests do.
func realModels(t *testing.T) string {
	t.Helper()
	dir, ok := models.SourceTree()
	if !ok {
		t.Skip("not in a source tree")
	}
	for _, rel := range models.All() {
		if _, err := os.Stat(filepath.Join(dir, rel)); err != nil {
			t.Skipf("%s is not in %s (run `make models`): %v", models.Name(rel), dir, err)
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.Dir(rel), models.SumsFile)); err != nil {
			t.Skipf("%s has no %s (run `make models` again): %v", filepath.Dir(rel), models.SumsFile, err)
		}
	}
	return dir
}

// modelsArchive packs dir as `make models-archive` does: the model
// folders and a root SHA256SUMS of every file in them. The gzip stream
// stores rather than compresses: it is the same .tar.gz format to the
// installer, and deflating 66 MB under -race took 17 s of the test.
func modelsArchive(t *testing.T, dir, dst string) string {
	t.Helper()
	var names, lines []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	f, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	gz, _ := gzip.NewWriterLevel(f, gzip.NoCompression)
	tw := tar.NewWriter(gz)
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		lines = append(lines, hex.EncodeToString(sum[:])+"  "+n)
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	manifest := strings.Join(lines, "\n") + "\n"
	if err := tw.WriteHeader(&tar.Header{Name: models.SumsFile, Mode: 0o644, Size: int64(len(manifest)), Typeflag: tar.TypeReg}); err != nil {
		t.Fatal(err)
	}
	_, _ = io.WriteString(tw, manifest)
	for _, c := range []io.Closer{tw, gz, f} {
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// runOutside makes the test run as an installed copy would: from a folder
// in no source tree, with no models folder named by the environment.
func runOutside(t *testing.T) {
	t.Helper()
	t.Setenv(models.EnvDir, "")
	t.Setenv(wordnet.EnvDir, "")
	t.Chdir(t.TempDir())
}

// installInto runs `models install src --json` into a fresh data dir.
func installInto(t *testing.T, src string) (string, models.InstallReport) {
	t.Helper()
	data := t.TempDir()
	r := run(t, nil, "--data", data, "--json", "models", "install", src)
	var rep models.InstallReport
	if r.code != 0 {
		t.Fatalf("models install %s: exit %d: %s", src, r.code, r.stderr)
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || len(rep.Installed) != 3 {
		t.Fatalf("models install --json: %v\n%s", err, r.stdout)
	}
	return data, rep
}

// Not parallel: the cases change the working directory and environment.
func TestModelsInstallThenFoundFromAnyFolder(t *testing.T) {
	tree := realModels(t)
	cases := []struct {
		name   string
		source func(t *testing.T) string
	}{
		{"from the models folder", func(*testing.T) string { return tree }},
		{"from an archive", func(t *testing.T) string {
			return modelsArchive(t, tree, filepath.Join(t.TempDir(), "continuity-models.tar.gz"))
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := c.source(t)
			runOutside(t)
			data, rep := installInto(t, src)

			st := run(t, nil, "--data", data, "--json", "status")
			var sj statusJSON
			if err := json.Unmarshal([]byte(st.stdout), &sj); err != nil || st.code != 0 {
				t.Fatalf("status exit %d: %v\n%s%s", st.code, err, st.stdout, st.stderr)
			}
			if len(sj.Models) != 3 || !strings.HasPrefix(sj.SentenceEmbedder, "use-lite-") || sj.EmbedNotice != "" {
				t.Fatalf("status: models %+v, sentences %q, notice %q", sj.Models, sj.SentenceEmbedder, sj.EmbedNotice)
			}
			for i, m := range sj.Models {
				in := rep.Installed[i]
				if m.From != models.FromDataDir || m.Path != filepath.Join(data, "models", filepath.Dir(models.All()[i])) || m.SHA256 != in.SHA256 {
					t.Errorf("status %s: %+v; installed %+v", m.Model, m, in)
				}
			}
			text := run(t, nil, "--data", data, "status").stdout
			if want := "from the data dir " + filepath.Join(data, "models", "glove"); !strings.Contains(text, want) {
				t.Errorf("status text does not say %q:\n%s", want, text)
			}

			v := run(t, nil, "--data", data, "--json", "version")
			var vj versionJSON
			if err := json.Unmarshal([]byte(v.stdout), &vj); err != nil || v.code != 0 || vj.Version == "" {
				t.Fatalf("version --json exit %d: %v\n%s", v.code, err, v.stdout)
			}
			for i, m := range vj.Models {
				if m.Model != rep.Installed[i].Model || m.SHA256 != rep.Installed[i].SHA256 || len(m.SHA256) != 64 {
					t.Errorf("version lists %+v, installed %+v", m, rep.Installed[i])
				}
			}
		})
	}
}

// Not parallel: it changes the working directory and environment.
func TestCheckChangedOutsideTheSourceTreeFindsInstalledModels(t *testing.T) {
	tree := realModels(t)
	repo := docsRepo(t) // before leaving the source tree: it copies the sample corpus from it
	commitEdit(t, repo, "content/help/refund-policy.md", "within **30 days** of any payment", "within **14 days** of any payment")
	runOutside(t)
	data, _ := installInto(t, tree)
	code, stdout, stderr := runInData(t, data, repo, "--json", "check", "--changed", "--engine", "offline", "--base", "main")
	var out changedJSON
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("exit %d: %v\n%s%s", code, err, stdout, stderr)
	}
	if code != ExitFailed || out.Summary.Contradicted != 1 || len(out.Degraded) != 0 || strings.Contains(out.Model, "degraded") ||
		strings.Contains(stderr, "degraded") {
		t.Fatalf("exit %d, contradicted %d, model %q, degraded %v; stderr %s", code, out.Summary.Contradicted, out.Model, out.Degraded, stderr)
	}
}

// partialModels is a models folder with only the named models of tree,
// the source tree's models/ (linked, not copied).
func partialModels(t *testing.T, tree string, keep ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, rel := range keep {
		d := filepath.Dir(rel)
		if err := os.Symlink(filepath.Join(tree, d), filepath.Join(dir, d)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Not parallel: the cases set the models folder through the environment.
func TestCheckChangedRefusesToRunWithoutAModel(t *testing.T) {
	tree := realModels(t)
	cases := []struct {
		name     string
		keep     []string
		extra    []string
		wantCode int
		wantErr  string   // in the one stderr line; "" when it runs
		degraded []string // the JSON's "degraded" when it runs
	}{
		{"no GloVe", []string{models.USELite, models.WordNet}, nil, ExitError, "offline model not found: GloVe (looked in ", nil},
		{"no USE-lite", []string{models.GloVe, models.WordNet}, nil, ExitError, "offline model not found: USE-lite (looked in ", nil},
		{"no USE-lite, --allow-degraded", []string{models.GloVe, models.WordNet}, []string{"--allow-degraded"}, -1, "", []string{"USE-lite"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			repo := docsRepo(t)
			commitEdit(t, repo, "content/help/refund-policy.md", "within **30 days** of any payment", "within **14 days** of any payment")
			t.Setenv(models.EnvDir, partialModels(t, tree, c.keep...))
			t.Setenv(wordnet.EnvDir, "")
			args := append([]string{"--json", "check", "--changed", "--engine", "offline", "--base", "main"}, c.extra...)
			code, stdout, stderr := runIn(t, repo, args...)
			if c.wantErr != "" {
				if code != c.wantCode || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.wantErr) ||
					!strings.Contains(stderr, "continuity models install") || !strings.Contains(stderr, "--allow-degraded") || stdout != "" {
					t.Fatalf("exit %d, want %d; stderr %q; stdout %q", code, c.wantCode, stderr, stdout)
				}
				return
			}
			var out changedJSON
			if err := json.Unmarshal([]byte(stdout), &out); err != nil || code == ExitError {
				t.Fatalf("exit %d: %v\n%s%s", code, err, stdout, stderr)
			}
			if fmt.Sprint(out.Degraded) != fmt.Sprint(c.degraded) || !strings.Contains(stderr, "warning: running degraded without USE-lite") {
				t.Errorf("degraded %v, want %v; stderr %s", out.Degraded, c.degraded, stderr)
			}
		})
	}
}

// Not parallel: the cases set the models folder through the environment.
func TestEvalGateRefusesToRunWithoutAModel(t *testing.T) {
	t.Setenv(models.EnvDir, t.TempDir())
	t.Setenv(wordnet.EnvDir, filepath.Join(t.TempDir(), "none"))
	cases := []struct {
		name     string
		args     []string
		wantCode int
		want     string // in stderr
		notWant  string
	}{
		{"--gate without the models", []string{"eval", "--set", "nope", "--gate"}, ExitError, "offline model not found: USE-lite, GloVe, WordNet (looked in ", ""},
		{"--gate --allow-degraded runs on", []string{"eval", "--set", "nope", "--gate", "--allow-degraded"}, ExitError, "nope", "offline model not found"},
		{"--allow-degraded needs --gate", []string{"eval", "--set", "nope", "--allow-degraded"}, ExitError, "--allow-degraded needs --gate", ""},
		{"--judge none of recorded responses needs no model", []string{"eval", "--set", "nope", "--gate", "--judge", "none", "--responses", "r.jsonl"}, ExitError, "nope", "offline model not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, nil, append([]string{"--data", t.TempDir()}, c.args...)...)
			if r.code != c.wantCode || !strings.Contains(r.stderr, c.want) || (c.notWant != "" && strings.Contains(r.stderr, c.notWant)) {
				t.Fatalf("exit %d, want %d; stderr %q", r.code, c.wantCode, r.stderr)
			}
		})
	}
}
