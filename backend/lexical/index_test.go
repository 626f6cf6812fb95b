package lexical

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/blevesearch/bleve/v2/analysis"
)

func TestSnowballAnalyzerStems(t *testing.T) {
	t.Parallel()
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	a := m.AnalyzerNamed(AnalyzerName)
	if a == nil {
		t.Fatal("analyzer not registered")
	}
	got := terms(a.Analyze([]byte("The Refunds were refunded, generously")))
	want := []string{"refund", "refund", "generous"}
	if len(got) != len(want) {
		t.Fatalf("terms %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("term %d = %q want %q", i, got[i], want[i])
		}
	}
}

func terms(ts analysis.TokenStream) []string {
	var out []string
	for _, t := range ts {
		out = append(out, string(t.Term))
	}
	return out
}

func TestSearchBoostsTitleAndDeletes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "lex")
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	docs := []Doc{
		{ID: "a#0", Title: "Pricing", Body: "Our plans mention refunds once."},
		{ID: "b#0", Title: "Refund policy", Headings: "Refunds", Body: "Refunds within thirty days."},
	}
	if err := ix.Apply(ctx, nil, docs); err != nil {
		t.Fatal(err)
	}
	hits, err := ix.Search(ctx, "refunding", 10)
	if err != nil || len(hits) != 2 || hits[0].ID != "b#0" {
		t.Fatalf("hits %v err %v", hits, err)
	}
	if err := ix.Apply(ctx, []string{"b#0"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := ix.Close(); err != nil {
		t.Fatal(err)
	}
	ix, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	hits, _ = ix.Search(ctx, "refund", 10)
	if len(hits) != 1 || hits[0].ID != "a#0" {
		t.Fatalf("after delete and reopen: %v", hits)
	}
}

func TestLengthStatisticsFollowDeletesAndReopen(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "lex")
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	docs := []Doc{
		{ID: "a#0", Title: "Alpha", Body: "one two three four"},
		{ID: "b#0", Title: "Beta", Body: "five six"},
	}
	if err := ix.Apply(ctx, nil, docs); err != nil {
		t.Fatal(err)
	}
	if got := ix.stats[fieldText]; got.Docs != 2 || got.Tokens != 8 {
		t.Fatalf("after insert: %+v", got)
	}
	if err := ix.Apply(ctx, []string{"a#0"}, nil); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	if ix, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if got := ix.stats[fieldText]; !ix.HasStats() || got.Docs != 1 || got.Tokens != 3 {
		t.Fatalf("after delete and reopen: %+v", got)
	}
}
