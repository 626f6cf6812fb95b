package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/embed/uselite"
	"continuity/backend/models"
)

// copyUSELite copies the installed model into a folder of the test's own,
// so no other test of the process has read it.
func copyUSELite(t *testing.T) string {
	t.Helper()
	loc, err := models.Locate("", models.USELite)
	if err != nil || loc.Path == "" || loc.Path == "embedded" {
		t.Skipf("USE-lite not installed as a folder (run `make models`): %v", err)
	}
	dir := t.TempDir()
	entries, err := os.ReadDir(loc.Path)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(loc.Path, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The offline sentence embedder is named when a session opens and read on
// its first Embed, with the name loading would give; files changed in
// between are refused, not embedded under the old name.
func TestUSELiteIsReadOnItsFirstEmbed(t *testing.T) {
	dir := copyUSELite(t)
	loc := models.Location{Model: models.USELite, Path: dir, FS: os.DirFS(dir)}
	l, err := newLazyUSELite(loc)
	if err != nil {
		t.Fatal(err)
	}
	loaded.Lock()
	_, read := loaded.by[dir]
	loaded.Unlock()
	if read {
		t.Fatal("naming the model read and compiled it")
	}
	want, err := uselite.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Name() != want.Name() || l.Dims() != want.Dims() {
		t.Fatalf("named %q (%d dims), loading names it %q (%d)", l.Name(), l.Dims(), want.Name(), want.Dims())
	}
	got, err := l.Embed(context.Background(), []string{"Refunds take 30 days."})
	if err != nil || len(got) != 1 || len(got[0]) != uselite.Dimensions {
		t.Fatalf("Embed = %d vectors, %v", len(got), err)
	}

	changed, err := newLazyUSELite(loc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "vocab.json"), []byte("[]"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := changed.Embed(context.Background(), []string{"x"}); err == nil || !strings.Contains(err.Error(), "USE-lite") {
		t.Fatalf("Embed after the files changed: %v, want an error naming USE-lite", err)
	}
}
