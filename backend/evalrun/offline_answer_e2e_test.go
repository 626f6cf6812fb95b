package evalrun

import (
	"context"
	"path/filepath"
	"testing"

	"continuity/backend/embed/uselite/uselitetest"
	"continuity/backend/eval"
	"continuity/backend/retrieval"
	"continuity/backend/store"
	"continuity/backend/xlsx"
)

// TestOfflineAnswererOnTheSampleWorkspace answers the sample golden set
// over a real index of the sample corpus with USE-lite sentence vectors.
// Targets (issue 18): at least 90% of answerable questions answered and at
// least 0.75 of the refuse questions refused (docs/benchmarks.md).
func TestOfflineAnswererOnTheSampleWorkspace(t *testing.T) {
	enc := uselitetest.Cached(t)
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.OpenDir(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	opts := retrieval.Options{Sentences: true, SentenceEmbedder: enc}
	ix, err := retrieval.Open(ctx, db, dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	if _, err := ix.Sync(ctx, filepath.Join("..", "..", "corpus", "content"), nil); err != nil {
		t.Fatal(err)
	}
	vecs, note, err := SentenceVectorsOf(ctx, ix)
	if err != nil || vecs == nil {
		t.Fatalf("sentence vectors: %v (%s)", err, note)
	}
	res, err := xlsx.ReadFile(ctx, filepath.Join("..", "..", "corpus", "golden.xlsx"))
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("read golden set: %v %v", err, res.Errors)
	}
	a := eval.NewVectorAnswerer(vecs)
	answerable, answered, refuse, refused := 0, 0, 0, 0
	for _, r := range res.Rows {
		ps, err := Retriever{Index: ix}.Search(ctx, r.Question, 8)
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Answer(ctx, r.Question, ps)
		if err != nil {
			t.Fatal(err)
		}
		if r.Category == "refuse" {
			refuse++
			if got.Refused {
				refused++
			}
			continue
		}
		answerable++
		if !got.Refused {
			answered++
		} else {
			t.Logf("%s refused: %q", r.ID, r.Question)
		}
	}
	share, rc := float64(answered)/float64(answerable), float64(refused)/float64(refuse)
	t.Logf("%s: answered %d/%d answerable (%.3f), refused %d/%d refuse questions (%.3f)", vecs.Model(), answered, answerable, share, refused, refuse, rc)
	if share < 0.9 {
		t.Errorf("answered share %.3f, want >= 0.90", share)
	}
	if rc < 0.75 {
		t.Errorf("refusal correctness %.3f, want >= 0.75", rc)
	}
}
