package lexical

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/lexical/lexicaltest"
)

// damageSeed fixes the random bytes written into the segment, so every run
// damages it the same way.
const damageSeed = 29

// segmentIndex is an index of one segment over 40 KiB (one batch of
// docs), closed, so the damage lands inside it.
func segmentIndex(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "lex")
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	docs := make([]Doc, 300)
	for i := range docs {
		docs[i] = Doc{ID: fmt.Sprintf("d%03d#0", i), Title: fmt.Sprintf("Doc %d", i),
			Body: fmt.Sprintf("Serial marker zq%dx appears only here, with filler about topic %d and wombats numbering %d.", i, i%7, i*13)}
	}
	if err := ix.Apply(context.Background(), nil, docs); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Issue 29: random bytes at 10–40 KiB of a .zap segment made bleve panic
// (makeslice: len out of range in zapx's doc values) in every command.
// Whether bleve panics or returns an error depends on where the bytes
// land; either way the caller gets ErrDamaged, and never a panic.
func TestDamagedSegmentIsAnError(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		use  func(t *testing.T, dir string) error
	}{
		{"open", func(_ *testing.T, dir string) error {
			ix, err := Open(dir)
			ix.Close()
			return err
		}},
		{"read-only open", func(_ *testing.T, dir string) error {
			ix, err := OpenReadOnly(dir)
			ix.Close()
			return err
		}},
		// The segment is damaged under an open index (its files are mapped
		// into memory), so the panic or error comes from the search; the
		// index then refuses every call instead of reading it again.
		{"search of an open index", func(t *testing.T, dir string) error {
			ix, err := OpenReadOnly(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer ix.Close()
			if _, err := lexicaltest.CorruptSegment(dir, damageSeed); err != nil {
				t.Fatal(err)
			}
			_, err = ix.Search(context.Background(), "wombats filler topic serial marker", 10)
			if _, cerr := ix.Count(); !errors.Is(cerr, ErrDamaged) {
				t.Errorf("count after the damage was found: %v", cerr)
			}
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := segmentIndex(t)
			if c.name != "search of an open index" {
				if _, err := lexicaltest.CorruptSegment(dir, damageSeed); err != nil {
					t.Fatal(err)
				}
			}
			err := c.use(t, dir)
			if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), dir) {
				t.Fatalf("got %v, want ErrDamaged naming %s", err, dir)
			}
		})
	}
}
