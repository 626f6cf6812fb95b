package retrieval

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/lexical/lexicaltest"
)

// damageSeed fixes the random bytes written into the segment.
const damageSeed = 29

// damagedFixture is a synced index of 300 documents whose BM25 segment has
// random bytes at 10–40 KiB (issue 29's reproduction), closed. The
// documents go in one batch, so into one segment large enough for it.
func damagedFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	f.reopen(Options{Embedder: f.emb, BatchDocs: 1000})
	for i := range 300 {
		f.write(fmt.Sprintf("d%03d.md", i), fmt.Sprintf("# Doc %d\n\nSerial marker zq%dx appears only here, with filler about topic %d and wombats numbering %d.\n", i, i, i%7, i*13))
	}
	f.sync()
	f.ix.Close()
	if _, err := lexicaltest.CorruptSegment(f.lexDirOf(), damageSeed); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) lexDirOf() string { return filepath.Join(f.dataDir, "index", "bleve") }

// Issue 29: the damaged segment panicked in every command, --repair
// included. Opening for a check or a search is now ErrIndexDamaged with
// the command that fixes it; the rebuild that --repair asks for works.
func TestDamagedIndexIsAnError(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		opts Options
		want error // nil: the open repairs the index
	}{
		{name: "writable open (check, search)", want: ErrIndexDamaged},
		{name: "read-only open (index --verify)", opts: Options{ReadOnly: true}, want: ErrIndexDamaged},
		{name: "rebuild (index --repair)", opts: Options{RebuildLexical: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := damagedFixture(t)
			c.opts.Embedder = f.emb
			ix, err := Open(context.Background(), f.db, f.dataDir, c.opts)
			if c.want != nil {
				if !errors.Is(err, c.want) || !strings.Contains(err.Error(), DamagedHint) {
					ix.Close()
					t.Fatalf("open: %v, want %v saying %q", err, c.want, DamagedHint)
				}
				return
			}
			if err != nil {
				t.Fatalf("rebuild: %v", err)
			}
			f.ix = ix
			if got := strings.Join(ix.Repairs, "\n"); !strings.Contains(got, "deleted the BM25 indexes") {
				t.Errorf("repairs %q do not say the BM25 indexes were rebuilt", got)
			}
			hits, err := ix.Search(context.Background(), "zq123x", 3, BM25)
			if err != nil || len(hits) == 0 || hits[0].DocID != "d123.md" {
				t.Fatalf("search after the rebuild: %+v %v", hits, err)
			}
			if v := f.verify(); !v.Clean {
				t.Fatalf("verify after the rebuild: %+v", v.Drift)
			}
		})
	}
}

// index --verify is read-only as documented: on a damaged, an interrupted
// or a healthy index it reports and writes nothing (not the lock's PID,
// not a repair), so a full disk cannot make it fail.
func TestReadOnlyOpenWritesNothing(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		fixture  func(t *testing.T) *fixture
		wantErr  error
		wantKind DriftKind // "" = clean
	}{
		{name: "damaged segment", fixture: damagedFixture, wantErr: ErrIndexDamaged},
		{name: "interrupted sync", fixture: func(t *testing.T) *fixture {
			f := verifyFixture(t)
			f.exec(`UPDATE index_state SET value = '1' WHERE key = ?`, keyInProgress)
			f.ix.Close()
			return f
		}, wantKind: DriftCache},
		{name: "healthy", fixture: func(t *testing.T) *fixture {
			f := verifyFixture(t)
			f.ix.Close()
			return f
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := c.fixture(t)
			before := snapshot(t, f.dataDir)
			ix, err := Open(context.Background(), f.db, f.dataDir, Options{Embedder: f.emb, Sentences: true, ReadOnly: true})
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) {
					ix.Close()
					t.Fatalf("open: %v, want %v", err, c.wantErr)
				}
			} else {
				if err != nil {
					t.Fatal(err)
				}
				v, err := ix.Verify(context.Background(), f.content)
				if err != nil {
					t.Fatal(err)
				}
				if c.wantKind == "" && !v.Clean || c.wantKind != "" && (len(v.Drift) != 1 || v.Drift[0].Kind != c.wantKind) {
					t.Errorf("verification %+v, want drift %q", v.Drift, c.wantKind)
				}
				if _, err := ix.Sync(context.Background(), f.content, nil); !errors.Is(err, errReadOnly) {
					t.Errorf("sync of a read-only index: %v", err)
				}
				if err := ix.Close(); err != nil {
					t.Fatal(err)
				}
			}
			if after := snapshot(t, f.dataDir); !maps.Equal(before, after) {
				t.Errorf("a read-only open changed the data dir:\nbefore %v\nafter  %v", before, after)
			}
		})
	}
}

// snapshot hashes every file under dir but SQLite's shared-memory index,
// which readers update by design.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "-shm") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[strings.TrimPrefix(p, dir)] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
