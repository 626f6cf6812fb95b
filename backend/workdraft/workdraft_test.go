package workdraft

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"continuity/backend/store"
	"continuity/backend/workspace"
)

func openDB(t *testing.T, path string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func openStore(t *testing.T, db *store.DB, ws string) *Store {
	t.Helper()
	s, err := Open(context.Background(), db, ws)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustSave(t *testing.T, s *Store, text, name string, cursor int) Draft {
	t.Helper()
	d, err := s.Save(context.Background(), text, name, cursor)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestSaveVersionsAndIdempotence(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	defer db.Close()
	s := openStore(t, db, "ws-a")

	empty, err := s.Get(ctx)
	if err != nil || empty.Version != 0 || !empty.SavedAt.IsZero() || empty.Text != "" {
		t.Fatalf("never saved: got %+v, %v; want the zero draft", empty, err)
	}
	first := mustSave(t, s, "# Draft\n\nThe Team plan costs $29.", "plans.md", 5)
	if first.Version != 1 || first.FileName != "plans.md" || first.Cursor != 5 || first.SavedAt.IsZero() {
		t.Fatalf("first save %+v", first)
	}
	time.Sleep(2 * time.Millisecond)
	again := mustSave(t, s, first.Text, "plans.md", 5)
	if again != first {
		t.Fatalf("saving the same draft changed it: %+v, was %+v", again, first)
	}
	moved := mustSave(t, s, first.Text, "plans.md", 9)
	if moved.Version != 1 || moved.Cursor != 9 || !moved.SavedAt.After(first.SavedAt) {
		t.Fatalf("a moved caret is no new version but a new save: %+v", moved)
	}
	edited := mustSave(t, s, first.Text+" More.", "plans.md", 9)
	if edited.Version != 2 {
		t.Fatalf("a new text is version 2, got %+v", edited)
	}
	reverted := mustSave(t, s, first.Text, "", 0)
	if reverted.Version != 3 || reverted.FileName != "" {
		t.Fatalf("going back to an older text is still a change: %+v", reverted)
	}
	if got, _ := s.Get(ctx); got != reverted {
		t.Fatalf("Get %+v, want the last save %+v", got, reverted)
	}
}

func TestSaveBoundsAndCleans(t *testing.T) {
	t.Parallel()
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	defer db.Close()
	s := openStore(t, db, "ws-a")
	cases := []struct {
		name, text, file string
		cursor           int
		want             error
		wantFile         string
		wantCursor       int
	}{
		{name: "path becomes its base name", text: "abc", file: `C:\Users\me\drafts\plan.docx`, cursor: 2, wantFile: "plan.docx", wantCursor: 2},
		{name: "unix path too", text: "abc", file: "/home/me/plan.md", cursor: 2, wantFile: "plan.md", wantCursor: 2},
		{name: "caret past the end is clamped", text: "abc", file: "", cursor: 99, wantCursor: 3},
		{name: "negative caret is clamped", text: "abc", file: "", cursor: -4, wantCursor: 0},
		{name: "too large", text: strings.Repeat("a", MaxTextBytes+1), want: ErrTooLarge},
		{name: "invalid UTF-8", text: "caf\xe9", want: ErrInvalid},
		{name: "control characters in the name", text: "a", file: "a\nb.md", want: ErrInvalid},
		{name: "overlong name", text: "a", file: strings.Repeat("n", MaxFileName+1), want: ErrInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := s.Save(context.Background(), c.text, c.file, c.cursor)
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if c.want == nil && (d.FileName != c.wantFile || d.Cursor != c.wantCursor) {
				t.Fatalf("got %+v, want file %q cursor %d", d, c.wantFile, c.wantCursor)
			}
		})
	}
}

// The draft is in the database file: closing it (a quit, a crash) and
// opening it again (the restart) brings back the same draft and version,
// and the version goes on from there.
func TestDraftSurvivesReopen(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "continuity.db")
	db := openDB(t, path)
	saved := mustSave(t, openStore(t, db, "ws-a"), "Typed before the restart.", "notes.txt", 7)
	saved = mustSave(t, openStore(t, db, "ws-a"), saved.Text+"!", "notes.txt", 8)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db = openDB(t, path)
	defer db.Close()
	s := openStore(t, db, "ws-a")
	got, err := s.Get(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !got.SavedAt.Equal(saved.SavedAt) || got.Text != saved.Text || got.Version != 2 || got.Cursor != 8 || got.FileName != "notes.txt" {
		t.Fatalf("after reopening got %+v, want %+v", got, saved)
	}
	if next := mustSave(t, s, "After.", "notes.txt", 0); next.Version != 3 {
		t.Fatalf("version after restart %d, want 3", next.Version)
	}
	if v, err := db.SchemaVersion(context.Background(), Component); err != nil || v != 2 {
		t.Fatalf("schema version %d, %v", v, err)
	}
}

func TestWorkspacesKeepTheirOwnDraft(t *testing.T) {
	t.Parallel()
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	defer db.Close()
	a, b := openStore(t, db, "ws-a"), openStore(t, db, "ws-b")
	mustSave(t, a, "A's draft", "", 0)
	if got, _ := b.Get(context.Background()); got.Version != 0 {
		t.Fatalf("workspace b sees %+v", got)
	}
	mustSave(t, b, "B's draft", "", 0)
	if got, _ := a.Get(context.Background()); got.Text != "A's draft" || got.Version != 1 {
		t.Fatalf("workspace a got %+v", got)
	}
	if _, err := Open(context.Background(), db, ""); !errors.Is(err, workspace.ErrNoID) {
		t.Fatalf("an unscoped store opened: %v", err)
	}
}

// Savers racing (two windows, or autosave and an explicit save) never lose
// a version: n different texts make n versions.
func TestConcurrentSavesCountEveryText(t *testing.T) {
	t.Parallel()
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	defer db.Close()
	s := openStore(t, db, "ws-a")
	const n = 40
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			if _, err := s.Save(context.Background(), strings.Repeat("x", i+1), "", 0); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if got, _ := s.Get(context.Background()); got.Version != n {
		t.Fatalf("version %d after %d different texts", got.Version, n)
	}
}
