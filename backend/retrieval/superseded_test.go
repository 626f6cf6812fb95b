package retrieval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/store"
)

const refundsV1 = `---
title: Refunds
---
# Refunds

Refunds are accepted within 14 days of purchase. Payments are processed by Stripe.

Employees may bring pets to the office. Support answers within one business day.
`

const refundsV2 = `---
title: Refunds
---
# Refunds

Refunds are accepted within 30 days of purchase. Payments are processed by Adyen.

Employees may not bring pets to the office. Support answers within one business day.
Gift cards cannot be refunded.
`

// sentenceFixture is a fixture that keeps sentence vectors, as the app does.
func sentenceFixture(t *testing.T) *fixture {
	t.Helper()
	f := newFixture(t)
	f.reopenSentences()
	return f
}

// reopenSentences closes the index and opens it again keeping sentence vectors.
func (f *fixture) reopenSentences() {
	f.t.Helper()
	f.ix.Close()
	f.db.Close()
	f.reopenWith(Options{Embedder: f.emb, Sentences: true})
}

func (f *fixture) reopenWith(o Options) {
	f.t.Helper()
	db, err := store.OpenDir(context.Background(), f.dataDir)
	if err != nil {
		f.t.Fatal(err)
	}
	ix, err := Open(context.Background(), db, f.dataDir, o)
	if err != nil {
		f.t.Fatal(err)
	}
	f.db, f.ix = db, ix
}

func (f *fixture) changes() []Superseded {
	f.t.Helper()
	cs, err := f.ix.Changes(context.Background(), f.content, ChangeFilter{})
	if err != nil {
		f.t.Fatal(err)
	}
	return cs
}

func byText(cs []Superseded) map[string]Superseded {
	out := map[string]Superseded{}
	for _, c := range cs {
		out[c.Text] = c
	}
	return out
}

func TestSyncKeepsRewrittenSentencesAsSuperseded(t *testing.T) {
	f := sentenceFixture(t)
	f.write("refunds.md", refundsV1)
	f.sync()
	if cs := f.changes(); len(cs) != 0 {
		t.Fatalf("first sync superseded %d sentences, want none: %+v", len(cs), cs)
	}
	before := time.Now().UTC().Add(-time.Second)
	f.write("refunds.md", refundsV2)
	if rep := f.sync(); rep.Updated != 1 {
		t.Fatalf("report %+v, want one update", rep)
	}
	want := map[string]string{
		"Refunds are accepted within 14 days of purchase.": "Refunds are accepted within 30 days of purchase.",
		"Payments are processed by Stripe.":                "Payments are processed by Adyen.",
		"Employees may bring pets to the office.":          "Employees may not bring pets to the office.",
	}
	check := func(stage string) {
		t.Helper()
		got := byText(f.changes())
		if len(got) != len(want) {
			t.Fatalf("%s: %d superseded sentences, want %d: %+v", stage, len(got), len(want), got)
		}
		for old, repl := range want {
			s, ok := got[old]
			switch {
			case !ok:
				t.Errorf("%s: %q not superseded", stage, old)
			case s.Replacement != repl || s.Current != repl:
				t.Errorf("%s: %q replaced by %q (current %q), want %q", stage, old, s.Replacement, s.Current, repl)
			case s.DocID != "refunds.md" || s.Title != "Refunds" || s.Commit != "" || s.Until.Before(before):
				t.Errorf("%s: %q recorded as %+v", stage, old, s)
			}
		}
	}
	check("after the rewrite")

	f.sync() // unchanged
	now := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(f.content, "refunds.md"), now, now); err != nil {
		t.Fatal(err)
	}
	f.sync() // touched, same content
	check("after re-syncs")
	f.ix.Close()
	f.db.Close()
	f.reopenWith(Options{Embedder: f.emb, Sentences: true})
	check("after reopening")

	hits, err := f.ix.SearchSuperseded(context.Background(), "how many days do I have to ask for a refund", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Text != "Refunds are accepted within 14 days of purchase." {
		t.Fatalf("superseded search hits %+v, want the 14-day sentence first", hits)
	}
	if hits[0].Vec == nil {
		t.Error("hit has no sentence vector")
	}
	// The current sentences stay ordinary search results only.
	cur, err := f.ix.SearchSuperseded(context.Background(), "gift cards refunded", 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range cur {
		if strings.Contains(h.Text, "Gift cards") {
			t.Errorf("a published sentence came back as superseded: %+v", h)
		}
	}
}

func TestSupersededAcrossRemovalRevertAndSwitch(t *testing.T) {
	f := sentenceFixture(t)
	f.write("refunds.md", refundsV1)
	f.write("other.md", "# Other\n\nThe office opens at nine.\n")
	f.sync()
	f.write("refunds.md", refundsV2)
	f.sync()

	// A page moved to another file keeps its sentences: nothing retracted.
	if err := os.Rename(filepath.Join(f.content, "other.md"), filepath.Join(f.content, "moved.md")); err != nil {
		t.Fatal(err)
	}
	f.sync()
	if got := byText(f.changes()); len(got) != 3 {
		t.Fatalf("a moved page superseded sentences: %+v", got)
	}

	// Reverting one change publishes the old sentence again.
	f.write("refunds.md", strings.Replace(refundsV2, "processed by Adyen", "processed by Stripe", 1))
	f.sync()
	got := byText(f.changes())
	if s := got["Payments are processed by Stripe."]; !s.Republished {
		t.Errorf("reverted sentence %+v not marked republished", s)
	}
	hits, err := f.ix.SearchSuperseded(context.Background(), "payments processed by Stripe", 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.Text == "Payments are processed by Stripe." {
			t.Errorf("a published-again sentence is still a superseded hit: %+v", h)
		}
	}

	// Removing the page retracts what it says now; the old 14-day
	// sentence then has nothing current in its place.
	if err := os.Remove(filepath.Join(f.content, "refunds.md")); err != nil {
		t.Fatal(err)
	}
	f.sync()
	got = byText(f.changes())
	if s, ok := got["Gift cards cannot be refunded."]; !ok || s.Replacement != "" {
		t.Errorf("removed page's sentence: %+v (found %v)", s, ok)
	}
	if s := got["Refunds are accepted within 14 days of purchase."]; s.Current != "" {
		t.Errorf("14-day sentence current = %q, want none after the page went", s.Current)
	}
	n := len(f.changes())

	// Another workspace is not an edit of this one.
	other := filepath.Join(t.TempDir(), "content")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, "a.md"), []byte("# A\n\nSomething else entirely.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := f.ix.Sync(context.Background(), other, nil); err != nil {
		t.Fatal(err)
	}
	if cs, err := f.ix.Changes(context.Background(), other, ChangeFilter{}); err != nil || len(cs) != 0 {
		t.Fatalf("switching workspaces superseded %+v, %v", cs, err)
	}
	if got := f.changes(); len(got) != n {
		t.Fatalf("first workspace's history has %d rows after the switch, want %d", len(got), n)
	}
}

func TestSupersededCacheRebuiltAfterCrash(t *testing.T) {
	f := sentenceFixture(t)
	f.write("refunds.md", refundsV1)
	f.sync()
	f.write("refunds.md", refundsV2)
	f.sync()
	// A sync that died after its registry batch: the caches are suspect.
	if err := setState(context.Background(), f.db.Writer(), keyInProgress, "1"); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(f.ix.supersededLexDir()); err != nil {
		t.Fatal(err)
	}
	f.reopenSentences()
	n, err := f.ix.supLex.Count()
	if err != nil || n != 3 {
		t.Fatalf("rebuilt superseded index holds %d, %v; want 3", n, err)
	}
	hits, err := f.ix.SearchSuperseded(context.Background(), "processed by Stripe", 1)
	if err != nil || len(hits) != 1 || hits[0].Text != "Payments are processed by Stripe." {
		t.Fatalf("search after rebuild: %+v, %v", hits, err)
	}
}

func TestDiffSentencesPairsReplacements(t *testing.T) {
	s := func(texts ...string) []VersionSentence {
		out := make([]VersionSentence, len(texts))
		for i, x := range texts {
			out[i] = VersionSentence{Text: x, Hash: x}
		}
		return out
	}
	cases := []struct {
		name     string
		old, new []VersionSentence
		want     map[string]string // old → replacement ("" = removed)
	}{
		{"number changed in place", s("Intro.", "Refunds take 14 days.", "Outro."), s("Intro.", "Refunds take 30 days.", "Outro."),
			map[string]string{"Refunds take 14 days.": "Refunds take 30 days."}},
		{"unchanged", s("A b c.", "D e f."), s("A b c.", "D e f."), map[string]string{}},
		{"a table row re-padded", s("| Tock 101 | Self-guided   | Required |"), s("| Tock 101     | Self-guided | Required |"), map[string]string{}},
		{"removed without replacement", s("Keep this.", "The canteen is on the first floor."), s("Keep this."),
			map[string]string{"The canteen is on the first floor.": ""}},
		{"unrelated sentence written in its place", s("Keep.", "The canteen is on the first floor.", "End."),
			s("Keep.", "Parking permits are issued monthly.", "End."),
			map[string]string{"The canteen is on the first floor.": ""}},
		{"changed and moved to another paragraph", s("Payments are processed by Stripe for all plans.", "A.", "B.", "C."),
			s("A.", "B.", "C.", "Payments are processed by Adyen for all plans."),
			map[string]string{"Payments are processed by Stripe for all plans.": "Payments are processed by Adyen for all plans."}},
		{"two rewritten side by side pair with their own", s("Pets may come to the office.", "Lunch is served at noon."),
			s("Pets may not come to the office.", "Lunch is served at one."),
			map[string]string{"Pets may come to the office.": "Pets may not come to the office.", "Lunch is served at noon.": "Lunch is served at one."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := map[string]string{}
			for _, r := range DiffSentences(c.old, c.new) {
				got[r.Old.Text] = ""
				if r.New != nil {
					got[r.Old.Text] = r.New.Text
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
			for k, v := range c.want {
				if g, ok := got[k]; !ok || g != v {
					t.Errorf("%q → %q, want %q", k, g, v)
				}
			}
		})
	}
}
