package evalrun

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"continuity/backend/embed/uselite/uselitetest"
	"continuity/backend/eval"
	"continuity/backend/retrieval"
	"continuity/backend/store"
)

// scifactDir is the shared public benchmark (BEIR SciFact), outside the repo.
const scifactDir = "/work/shared/benchmarks/scifact"

// TestOfflineAnswererSciFactHeldOut is a held-out check of the offline
// answerer's refusals on data it was never tuned on: SciFact test claims,
// asked as "Is it true that <claim>?", over a corpus that holds the cited
// abstracts of half of them (covered) and not of the other half (removed),
// plus distractor abstracts. A removed claim should be refused; a covered
// one answered. Slow (it embeds about 9,000 sentences): SCIFACT=1 runs it.
func TestOfflineAnswererSciFactHeldOut(t *testing.T) {
	if os.Getenv("SCIFACT") == "" {
		t.Skip("SCIFACT=1 runs the SciFact held-out refusal check (slow; needs " + scifactDir + ")")
	}
	claims, cited := scifactClaims(t)
	ids := make([]string, 0, len(cited))
	for id := range cited {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	covered, removed, keep := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for i, id := range ids {
		if i%2 == 0 {
			covered[id] = true
			for _, d := range cited[id] {
				keep[d] = true
			}
		}
	}
	for i, id := range ids {
		if i%2 == 1 && !anyKept(cited[id], keep) { // a claim citing a kept abstract is not removed
			removed[id] = true
		}
	}
	ws := filepath.Join(t.TempDir(), "ws")
	n := writeSciFactCorpus(t, ws, keep, cited, 800)
	enc := uselitetest.Cached(t)
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.OpenDir(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ix, err := retrieval.Open(ctx, db, dir, retrieval.Options{Sentences: true, SentenceEmbedder: enc})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	if _, err := ix.Sync(ctx, ws, nil); err != nil {
		t.Fatal(err)
	}
	vecs, note, err := SentenceVectorsOf(ctx, ix)
	if err != nil || vecs == nil {
		t.Fatalf("sentence vectors: %v (%s)", err, note)
	}
	a := eval.NewVectorAnswerer(vecs)
	var answeredCovered, fromCited, refusedRemoved int
	for _, id := range ids {
		if !covered[id] && !removed[id] {
			continue
		}
		q := "Is it true that " + strings.TrimSuffix(claims[id], ".") + "?"
		ps, err := Retriever{Index: ix}.Search(ctx, q, 8)
		if err != nil {
			t.Fatal(err)
		}
		got, err := a.Answer(ctx, q, ps)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case removed[id] && got.Refused:
			refusedRemoved++
		case covered[id] && !got.Refused:
			answeredCovered++
			if answerFromDocs(got.Text, ps, cited[id]) {
				fromCited++
			}
		}
	}
	nc, nr := len(covered), len(removed)
	rc := (float64(answeredCovered) + float64(refusedRemoved)) / float64(nc+nr)
	t.Logf("SciFact held-out, %d abstracts: covered claims answered %d/%d (%.3f; first sentence from a cited abstract %d), removed claims refused %d/%d (%.3f); refusal correctness over both %.3f",
		n, answeredCovered, nc, float64(answeredCovered)/float64(nc), fromCited, refusedRemoved, nr, float64(refusedRemoved)/float64(nr), rc)
	if os.Getenv("SCIFACT_SWEEP") != "" {
		for _, floor := range []float64{0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8} {
			b := &eval.OfflineAnswerer{Vectors: vecs, Floor: floor}
			ac, rr := 0, 0
			for _, id := range ids {
				if !covered[id] && !removed[id] {
					continue
				}
				q := "Is it true that " + strings.TrimSuffix(claims[id], ".") + "?"
				ps, _ := Retriever{Index: ix}.Search(ctx, q, 8)
				got, _ := b.Answer(ctx, q, ps)
				if covered[id] && !got.Refused {
					ac++
				}
				if removed[id] && got.Refused {
					rr++
				}
			}
			t.Logf("floor %.2f: covered answered %d/%d, removed refused %d/%d", floor, ac, nc, rr, nr)
		}
	}
	if answeredCovered+refusedRemoved == 0 {
		t.Fatal("no claim was answered or refused as it should be")
	}
}

func anyKept(ds []string, keep map[string]bool) bool {
	for _, d := range ds {
		if keep[d] {
			return true
		}
	}
	return false
}

// answerFromDocs says the answer's first sentence comes from a passage of
// one of docs (answers are verbatim sentences in passage order).
func answerFromDocs(answer string, ps []eval.Passage, docs []string) bool {
	head := answer
	if r := []rune(head); len(r) > 40 {
		head = string(r[:40])
	}
	for _, p := range ps {
		for _, d := range docs {
			if p.DocID == "scifact-"+d && strings.Contains(p.Text, head) {
				return true
			}
		}
	}
	return false
}

// scifactClaims reads the test claims and the abstracts each cites.
func scifactClaims(t *testing.T) (map[string]string, map[string][]string) {
	t.Helper()
	cited := map[string][]string{}
	qr, err := os.ReadFile(filepath.Join(scifactDir, "qrels", "test.tsv"))
	if err != nil {
		t.Skipf("SciFact not available: %v", err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(qr)), "\n") {
		f := strings.Split(line, "\t")
		if i == 0 || len(f) < 2 {
			continue
		}
		cited[f[0]] = append(cited[f[0]], f[1])
	}
	claims := map[string]string{}
	eachJSONL(t, filepath.Join(scifactDir, "queries.jsonl"), func(id, _, text string) {
		if cited[id] != nil {
			claims[id] = text
		}
	})
	return claims, cited
}

// writeSciFactCorpus writes the kept abstracts and the first `distractors`
// abstracts no test claim cites as published Markdown pages.
func writeSciFactCorpus(t *testing.T, ws string, keep map[string]bool, cited map[string][]string, distractors int) int {
	t.Helper()
	citedAny := map[string]bool{}
	for _, ds := range cited {
		for _, d := range ds {
			citedAny[d] = true
		}
	}
	if err := os.MkdirAll(ws, 0o755); err != nil {
		t.Fatal(err)
	}
	n := 0
	eachJSONL(t, filepath.Join(scifactDir, "corpus.jsonl"), func(id, title, text string) {
		if !keep[id] && (citedAny[id] || distractors == 0) {
			return
		}
		if !keep[id] {
			distractors--
		}
		page := fmt.Sprintf("---\nid: scifact-%s\ntitle: %q\nstatus: published\n---\n\n# %s\n\n%s\n", id, title, title, text)
		if err := os.WriteFile(filepath.Join(ws, "doc-"+id+".md"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		n++
	})
	return n
}

func eachJSONL(t *testing.T, path string, fn func(id, title, text string)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("SciFact not available: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for line := 1; sc.Scan(); line++ {
		var r struct {
			ID    string `json:"_id"`
			Title string `json:"title"`
			Text  string `json:"text"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s:%d: %v", path, line, err)
		}
		fn(r.ID, r.Title, r.Text)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
