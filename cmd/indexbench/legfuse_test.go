package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"continuity/backend/retrieval"
)

// The 3-way fusion is only comparable with the index's hybrid if, given
// the same two lists, it ranks exactly as retrieval.Fuse does, ties included.
func TestFuseWeightedMatchesRetrieveFuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	list := func(n int) []retrieval.Scored {
		l := make([]retrieval.Scored, n)
		for i := range l {
			// Few distinct scores and overlapping IDs, so ties and
			// chunks in one list only both occur.
			l[i] = retrieval.Scored{ID: fmt.Sprintf("c%d", rng.IntN(40)), Score: float64(rng.IntN(5))}
		}
		slices.SortStableFunc(l, func(a, b retrieval.Scored) int { return int(b.Score - a.Score) })
		return dedupeScored(l)
	}
	for trial := range 200 {
		bm, vec := list(30), list(30)
		a := []float64{0.5, 0.7, 0.85, 0.95}[trial%4]
		want := fuse2(bm, vec, a, nil)
		got := fuseWeighted([][]retrieval.Scored{bm, vec}, []float64{a, 1 - a}, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d α=%.2f:\n got %v\nwant %v", trial, a, got, want)
		}
	}
}

// dedupeScored keeps each ID's first entry, as a ranked list has.
func dedupeScored(l []retrieval.Scored) []retrieval.Scored {
	seen := map[string]bool{}
	var out []retrieval.Scored
	for _, s := range l {
		if !seen[s.ID] {
			seen[s.ID] = true
			out = append(out, s)
		}
	}
	return out
}

func TestFuseWeightedThreeLists(t *testing.T) {
	bm := []retrieval.Scored{{ID: "a", Score: 10}, {ID: "b", Score: 5}, {ID: "c", Score: 0}}
	lsa := []retrieval.Scored{{ID: "c", Score: 0.9}, {ID: "b", Score: 0.5}, {ID: "a", Score: 0.1}}
	sent := []retrieval.Scored{{ID: "c", Score: 0.8}, {ID: "a", Score: 0.4}, {ID: "b", Score: 0.0}}
	// scaled: bm a1 b.5 c0, lsa c1 b.5 a0, sent c1 a.5 b0, so a .625, c .5, b .375
	got := fuseWeighted([][]retrieval.Scored{bm, lsa, sent}, []float64{0.5, 0.25, 0.25}, nil)
	if want := []string{"a", "c", "b"}; !slices.Equal(got, want) {
		t.Errorf("fused %v, want %v", got, want)
	}
	got = fuseWeighted([][]retrieval.Scored{bm, lsa, sent}, []float64{0.5, 0.25, 0.25}, map[string]bool{"b": true})
	if want := []string{"b", "a", "c"}; !slices.Equal(got, want) {
		t.Errorf("with b an exact quote: %v, want %v", got, want)
	}
}

func TestExactQuotes(t *testing.T) {
	texts := map[string]string{"x": "Intro.  New GSA badges are\nprocessed on Wednesdays.", "y": "badges are processed"}
	bm := []retrieval.Scored{{ID: "y", Score: 2}, {ID: "x", Score: 1}}
	got := exactQuotes("new gsa badges are processed", bm, func(id string) string { return texts[id] })
	if !got["x"] || got["y"] || len(got) != 1 {
		t.Errorf("exact = %v, want only x", got)
	}
	if got := exactQuotes("badges are processed", bm, func(id string) string { return texts[id] }); got != nil {
		t.Errorf("a 3-word query is no quote, got %v", got)
	}
}

func TestSentenceScores(t *testing.T) {
	unit := func(deg float64) []float32 {
		r := deg * math.Pi / 180
		return []float32{float32(math.Cos(r)), float32(math.Sin(r))}
	}
	chunks := map[string]*legChunk{
		"two":  {sents: [][]float32{unit(60), unit(0), unit(90)}},
		"one":  {sents: [][]float32{unit(30)}},
		"none": {},
	}
	best, top2 := sentenceScores([]float32{2, 0}, chunks) // q need not be unit
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-6 }
	if !near(best["two"], 1) || !near(top2["two"], 0.75) {
		t.Errorf("two: best %v top2 %v, want 1 and 0.75", best["two"], top2["two"])
	}
	if c := math.Cos(math.Pi / 6); !near(best["one"], c) || !near(top2["one"], c) {
		t.Errorf("one: best %v top2 %v, want both %v", best["one"], top2["one"], c)
	}
	if _, ok := best["none"]; ok {
		t.Error("a chunk without sentences got a score")
	}
	if b, _ := sentenceScores([]float32{0, 0}, chunks); len(b) != 0 {
		t.Errorf("a zero query scored %d chunks", len(b))
	}
}

func TestTopScored(t *testing.T) {
	m := map[string]float64{}
	for i := range legDepth + 5 {
		m[fmt.Sprintf("c%03d", i)] = float64(i % 7)
	}
	l := topScored(m)
	if len(l) != legDepth {
		t.Fatalf("kept %d, want %d", len(l), legDepth)
	}
	if l[0].Score != 6 || l[0].ID != "c006" {
		t.Errorf("first %+v, want c006 with 6 (ties by ID)", l[0])
	}
	if !slices.IsSortedFunc(l, func(a, b retrieval.Scored) int { return int(b.Score - a.Score) }) {
		t.Error("not best first")
	}
}
