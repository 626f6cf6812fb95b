package lexical

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A directory held open elsewhere is locked, not corrupt: callers must not
// delete it. Real damage is an ordinary error.
func TestOpenTellsLockedFromCorrupt(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name       string
		setup      func(t *testing.T, dir string) func()
		wantLocked bool
	}{
		{name: "held by another open", wantLocked: true, setup: func(t *testing.T, dir string) func() {
			held, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			return func() {
				// The holder still works after the refused open.
				if err := held.Apply(context.Background(), nil, []Doc{{ID: "a#0", Body: "wombats"}}); err != nil {
					t.Errorf("holder's apply: %v", err)
				}
				if n, err := held.Count(); err != nil || n != 1 {
					t.Errorf("holder's count %d, %v", n, err)
				}
				held.Close()
			}
		}},
		{name: "damaged metadata", setup: func(t *testing.T, dir string) func() {
			ix, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			ix.Close()
			if err := os.WriteFile(filepath.Join(dir, "index_meta.json"), []byte("{not json"), 0o600); err != nil {
				t.Fatal(err)
			}
			return func() {}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "lex")
			after := c.setup(t, dir)
			ix, err := Open(dir)
			if err == nil {
				ix.Close()
				t.Fatal("open succeeded")
			}
			if got := errors.Is(err, ErrLocked); got != c.wantLocked {
				t.Errorf("open: %v; locked %v, want %v", err, got, c.wantLocked)
			}
			after()
		})
	}
}

func TestCloseTwiceIsSafe(t *testing.T) {
	t.Parallel()
	ix, err := Open(filepath.Join(t.TempDir(), "lex"))
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Errorf("second close: %v", err)
	}
}
