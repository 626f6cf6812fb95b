package workdraft

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// A whole new draft keeps the one it replaces only when that one holds
// words the writer put there: an empty editor, or a file opened and left
// alone, is not kept (and an older kept draft goes, so Undo is always one
// step back).
func TestReplaceKeepsOnlyAnEditedDraft(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		before   func(t *testing.T, s *Store)
		wantKept string // "" = nothing kept
	}{
		{"an empty editor", func(*testing.T, *Store) {}, ""},
		{"only spaces", func(t *testing.T, s *Store) { mustSave(t, s, "  \n ", "", 0) }, ""},
		{"typed text", func(t *testing.T, s *Store) { mustSave(t, s, "Typed by hand.", "", 3) }, "Typed by hand."},
		{"a file left as opened", func(t *testing.T, s *Store) { mustReplace(t, s, "From the file.", "a.md", "a.md") }, ""},
		{"a file then edited", func(t *testing.T, s *Store) {
			mustReplace(t, s, "From the file.", "a.md", "a.md")
			mustSave(t, s, "From the file, edited.", "a.md", 4)
		}, "From the file, edited."},
		{"an edit then a file left alone drops the older kept draft", func(t *testing.T, s *Store) {
			mustSave(t, s, "Typed by hand.", "", 3)
			mustReplace(t, s, "From the file.", "a.md", "a.md")
		}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
			defer db.Close()
			s := openStore(t, db, "ws-a")
			c.before(t, s)
			d, kept, err := s.Replace(context.Background(), "# Sample\n\nNew text.", "sample.md", "sample.md")
			if err != nil {
				t.Fatal(err)
			}
			if d.Text != "# Sample\n\nNew text." || d.FileName != "sample.md" || d.Cursor != 0 {
				t.Fatalf("working draft after the replacement: %+v", d)
			}
			stored, err := s.Replaced(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.wantKept == "" && (kept != nil || stored != nil):
				t.Fatalf("kept %+v, stored %+v; want nothing kept", kept, stored)
			case c.wantKept != "" && (kept == nil || stored == nil || kept.Text != c.wantKept || stored.Text != c.wantKept || stored.By != "sample.md" || stored.At.IsZero()):
				t.Fatalf("kept %+v, stored %+v; want %q replaced by sample.md", kept, stored, c.wantKept)
			}
		})
	}
}

// Undo brings the replaced draft back with its file and caret, survives a
// restart, keeps the draft it replaces in turn when that was edited, and
// counts the restored draft as edited so the next replacement keeps it.
func TestRestoreBringsTheReplacedDraftBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	db := openDB(t, path)
	s := openStore(t, db, "ws-a")
	mustSave(t, s, "My own draft, four words.", "mine.md", 6)
	if _, kept, _ := s.Replace(ctx, "Sample.", "sample.md", "sample.md"); kept == nil || kept.Words() != 5 {
		t.Fatalf("kept %+v; want the five-word draft", kept)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openDB(t, path) // a restart between the replacement and Undo
	defer db.Close()
	s = openStore(t, db, "ws-a")
	if r, err := s.Replaced(ctx); err != nil || r == nil || r.FileName != "mine.md" {
		t.Fatalf("after a restart: %+v, %v", r, err)
	}
	d, kept, err := s.Restore(ctx, "your earlier draft")
	if err != nil {
		t.Fatal(err)
	}
	if d.Text != "My own draft, four words." || d.FileName != "mine.md" || d.Cursor != 6 || kept != nil {
		t.Fatalf("restored %+v, kept %+v; want my draft back and the untouched sample dropped", d, kept)
	}
	if r, _ := s.Replaced(ctx); r != nil {
		t.Fatalf("still kept after Undo: %+v", r)
	}
	if _, _, err := s.Restore(ctx, "x"); !errors.Is(err, ErrNothingReplaced) {
		t.Fatalf("a second Undo: %v, want ErrNothingReplaced", err)
	}
	// the restored draft is the writer's: replacing it keeps it again
	mustReplace(t, s, "Sample.", "sample.md", "sample.md")
	mustSave(t, s, "Sample, edited.", "sample.md", 2)
	d, kept, err = s.Restore(ctx, "your earlier draft")
	if err != nil || d.Text != "My own draft, four words." || kept == nil || kept.Text != "Sample, edited." || kept.By != "your earlier draft" {
		t.Fatalf("Undo over an edited sample: %+v, kept %+v, %v", d, kept, err)
	}
	if err := s.DropReplaced(ctx); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Replaced(ctx); r != nil {
		t.Fatalf("dismissed, still kept: %+v", r)
	}
}

func TestReplaceRefusesBadInput(t *testing.T) {
	t.Parallel()
	db := openDB(t, filepath.Join(t.TempDir(), "c.db"))
	defer db.Close()
	s := openStore(t, db, "ws-a")
	cases := []struct{ name, text, file, by string }{
		{"invalid UTF-8", "caf\xe9", "", ""},
		{"a control character in the file name", "a", "a\nb.md", ""},
		{"a control character in the label", "a", "", "a\x00b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, _, err := s.Replace(context.Background(), c.text, c.file, c.by); !errors.Is(err, ErrInvalid) {
				t.Fatalf("got %v, want ErrInvalid", err)
			}
		})
	}
}

func mustReplace(t *testing.T, s *Store, text, name, by string) Draft {
	t.Helper()
	d, _, err := s.Replace(context.Background(), text, name, by)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
