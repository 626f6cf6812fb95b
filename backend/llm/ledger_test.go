package llm

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"continuity/backend/llm/llmtest"
	"continuity/backend/store"
)

func TestTokenTotalsAndCostFollowServerUsageAndPrices(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	srv.On(llmtest.Contains("one"), llmtest.Reply{Content: "a", Usage: &llmtest.Usage{PromptTokens: 1000, CompletionTokens: 200}})
	srv.On(llmtest.Contains("two"), llmtest.Reply{Content: "b", Usage: &llmtest.Usage{PromptTokens: 3000, CompletionTokens: 50}})
	srv.On(llmtest.Contains("three"), llmtest.Reply{Content: "c", NoUsage: true})
	prices := Prices{"answer-m": {InputPerMTok: 2, OutputPerMTok: 10}}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := newTestClient(t, srv, func(c *Config) { c.Prices = prices; c.Store = db })
	job := c.WithJob("eval-7")
	for _, text := range []string{"one", "two", "three"} {
		if _, err := job.Complete(context.Background(), Request{Prompt: "p", PromptVersion: "v2", Messages: []Message{{Role: "user", Content: text}}}); err != nil {
			t.Fatal(err)
		}
	}
	// A call outside the job, with an unpriced model.
	if _, err := c.Complete(context.Background(), Request{Role: RoleJudge, Prompt: "q", Messages: []Message{{Role: "user", Content: "one"}}}); err != nil {
		t.Fatal(err)
	}
	wantUSD := (4000*2.0 + 250*10.0) / 1e6
	jt := c.Ledger().JobTotals("eval-7")
	if jt.Calls != 3 || jt.InputTokens != 4000 || jt.OutputTokens != 250 || jt.NoUsage != 1 {
		t.Fatalf("job totals %+v", jt)
	}
	if !jt.Cost.Known || math.Abs(jt.Cost.USD-wantUSD) > 1e-12 || jt.Cost.String() != "$0.0105" {
		t.Fatalf("job cost %+v (%s), want %v", jt.Cost, jt.Cost, wantUSD)
	}
	all := c.Ledger().Totals()
	if all.Calls != 4 || all.InputTokens != 5000 || all.Cost.Known || all.Cost.String() != "unknown" || all.Cost.Unpriced[0] != "judge-m" {
		t.Fatalf("totals %+v", all)
	}
	stored, err := StoredJobTotals(context.Background(), db, "eval-7")
	if err != nil {
		t.Fatal(err)
	}
	if stored.Calls != jt.Calls || stored.InputTokens != jt.InputTokens || stored.OutputTokens != jt.OutputTokens ||
		stored.NoUsage != 1 || math.Abs(stored.Cost.USD-wantUSD) > 1e-12 || !stored.Cost.Known {
		t.Fatalf("stored %+v, memory %+v", stored, jt)
	}
	calls := c.Ledger().Calls()
	if calls[0].Prompt != "p" || calls[0].PromptVersion != "v2" || calls[0].Job != "eval-7" || calls[3].Role != RoleJudge {
		t.Fatalf("calls %+v", calls)
	}
}

func TestEmbedBatchesWithinLimits(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	c := newTestClient(t, srv, nil)
	texts := make([]string, 600)
	for i := range texts {
		texts[i] = "text number " + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	vecs, usage, err := c.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != 600 || srv.Count(llmtest.Endpoint("embeddings")) != 3 {
		t.Fatalf("%d vectors in %d requests", len(vecs), srv.Count(llmtest.Endpoint("embeddings")))
	}
	for _, i := range []int{0, 255, 256, 599} {
		want := llmtest.HashVector(texts[i], 8)
		for d := range want {
			if vecs[i][d] != want[d] {
				t.Fatalf("vector %d out of order", i)
			}
		}
	}
	if tot := c.Ledger().Totals(); tot.InputTokens != usage.InputTokens || tot.Calls != 3 || usage.InputTokens == 0 {
		t.Fatalf("usage %+v totals %+v", usage, tot)
	}
}

func TestEstimate(t *testing.T) {
	t.Parallel()
	p := Prices{"m": {InputPerMTok: 1, OutputPerMTok: 4}}
	cases := []struct {
		name     string
		items    []EstimateItem
		in, out  int
		cost     string
		calls    int
		unpriced int
	}{
		{"priced", []EstimateItem{{Model: "m", Calls: 10, PromptChars: 4000, OutputTokens: 100}}, 10000, 1000, "$0.0140", 10, 0},
		{"unpriced model", []EstimateItem{{Model: "x", Calls: 2, PromptChars: 8, OutputTokens: 1}}, 4, 2, "unknown", 2, 1},
		{"nothing", nil, 0, 0, "$0.0000", 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			e := Estimate(p, tc.items...)
			if e.InputTokens != tc.in || e.OutputTokens != tc.out || e.Cost.String() != tc.cost || e.Calls != tc.calls || len(e.Cost.Unpriced) != tc.unpriced {
				t.Fatalf("Estimate = %+v (%s)", e, e.Cost)
			}
		})
	}
}
