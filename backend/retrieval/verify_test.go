package retrieval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	verifyAlpha = "# Alpha\n\nAlpha ships on Tuesdays. It has two plans.\n\n## Pricing\n\nThe pro plan costs 29 euros a month.\n"
	verifyBeta  = "# Beta\n\nBeta runs on phones and tablets.\n"
)

// verifyFixture is a synced two-document index with sentence vectors.
func verifyFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	f.reopen(Options{Embedder: f.emb, Sentences: true})
	f.write("alpha.md", verifyAlpha)
	f.write("beta.md", verifyBeta)
	f.sync()
	return f
}

func (f *fixture) verify() Verification {
	f.t.Helper()
	v, err := f.ix.Verify(context.Background(), f.content)
	if err != nil {
		f.t.Fatal(err)
	}
	return v
}

func (f *fixture) exec(q string, args ...any) {
	f.t.Helper()
	if _, err := f.db.Writer().ExecContext(context.Background(), q, args...); err != nil {
		f.t.Fatal(err)
	}
}

func TestVerifyFindsDrift(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		breakIt func(f *fixture)
		kind    DriftKind
		docID   string
		says    string
	}{
		{"chunk row deleted from the store", func(f *fixture) {
			f.exec(`DELETE FROM index_chunks WHERE id = 'alpha.md#1'`)
		}, DriftChunks, "alpha.md", "alpha.md#1"},
		{"chunk row deleted by hand, foreign keys off", func(f *fixture) {
			f.exec(`PRAGMA foreign_keys = OFF`)
			f.exec(`DELETE FROM index_chunks WHERE id = 'alpha.md#1'`)
			f.exec(`PRAGMA foreign_keys = ON`)
		}, DriftSentences, "alpha.md", "sentence rows without a chunk row"},
		{"chunk row deleted, then the index reopened", func(f *fixture) {
			f.exec(`DELETE FROM index_chunks WHERE id = 'alpha.md#1'`)
			f.reopen(Options{Embedder: f.emb, Sentences: true}) // Open rebuilds BM25 and vectors, not the lost row
		}, DriftChunks, "alpha.md", "1 of 2 chunks missing"},
		{"file changed without a sync", func(f *fixture) {
			f.write("beta.md", verifyBeta+"\nBeta also runs on watches.\n")
		}, DriftChanged, "beta.md", "changed"},
		{"file removed without a sync", func(f *fixture) {
			if err := os.Remove(filepath.Join(f.content, "beta.md")); err != nil {
				t.Fatal(err)
			}
		}, DriftGone, "beta.md", "removed or unpublished"},
		{"file unpublished without a sync", func(f *fixture) {
			f.write("beta.md", "---\nstatus: draft\n---\n"+verifyBeta)
		}, DriftGone, "beta.md", "unpublished"},
		{"file added without a sync", func(f *fixture) {
			f.write("gamma.md", "# Gamma\n\nGamma is new.\n")
		}, DriftNotIndexed, "gamma.md", "not indexed"},
		{"chunk text altered in the store", func(f *fixture) {
			f.exec(`UPDATE index_chunks SET hash = 'x' WHERE id = 'beta.md#0'`)
		}, DriftChunks, "beta.md", "other text"},
		{"chunk without a document row", func(f *fixture) {
			f.exec(`PRAGMA foreign_keys = OFF`)
			f.exec(`DELETE FROM index_docs WHERE id = 'beta.md'`)
			f.exec(`PRAGMA foreign_keys = ON`)
		}, DriftOrphanChunks, "beta.md", "without a document row"},
		{"vector missing from the cache", func(f *fixture) {
			f.exec(`DELETE FROM index_embeddings WHERE hash = (SELECT embed_hash FROM index_chunks WHERE id = 'beta.md#0')`)
		}, DriftVectors, "beta.md", "without a vector"},
		{"sentence row missing", func(f *fixture) {
			f.exec(`DELETE FROM index_sentences WHERE chunk_id = 'alpha.md#0' AND ordinal = 1`)
		}, DriftSentences, "alpha.md", "sentence"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			f := verifyFixture(t)
			if v := f.verify(); !v.Clean || len(v.Drift) != 0 {
				t.Fatalf("fresh index not clean: %+v", v)
			}
			tc.breakIt(f)
			v := f.verify()
			if v.Clean {
				t.Fatalf("drift not found: %+v", v)
			}
			found := false
			for _, d := range v.Drift {
				found = found || d.Kind == tc.kind && d.DocID == tc.docID && strings.Contains(d.Message, tc.says)
			}
			if !found {
				t.Fatalf("want %s drift of %s saying %q, got %+v", tc.kind, tc.docID, tc.says, v.Drift)
			}
			if _, err := f.ix.Resync(context.Background(), f.content, v, nil); err != nil {
				t.Fatal(err)
			}
			if after := f.verify(); !after.Clean {
				t.Fatalf("%s did not repair: %+v", v.Hint(), after.Drift)
			}
			f.reopen(Options{Embedder: f.emb, Sentences: true})
			if len(f.ix.Repairs) != 0 {
				t.Fatalf("reopening after the repair found damage: %v", f.ix.Repairs)
			}
		})
	}
}

func TestVerifyIsReadOnly(t *testing.T) {
	t.Parallel()
	f := verifyFixture(t)
	f.write("beta.md", verifyBeta+"\nBeta also runs on watches.\n")
	for range 2 {
		if v := f.verify(); v.Clean {
			t.Fatalf("verify repaired or synced the drift: %+v", v)
		}
	}
	if v := f.verify(); v.Hint() != ResyncHint {
		t.Fatalf("a changed file is fixed by a sync, hint %q", v.Hint())
	}
	if rep := f.sync(); rep.Updated != 1 {
		t.Fatalf("the sync after verify found nothing to update: %+v", rep)
	}
	v := f.verify()
	if !v.Clean || v.WorkspaceDocuments != 2 || v.IndexedDocuments != 2 || v.Chunks != v.ExpectedChunks || v.LexicalChunks != v.Chunks {
		t.Fatalf("after a sync: %+v", v)
	}
}
