package retrieval

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// TestSupersededCurrentFollowsTwoChanges: a fact changed twice (14 → 21 →
// 30 days) says what the page says now from both old versions, and a
// version published again is marked so, whichever rows are read together.
func TestSupersededCurrentFollowsTwoChanges(t *testing.T) {
	f := sentenceFixture(t)
	f.write("refunds.md", refundsV1)
	f.sync()
	f.write("refunds.md", strings.Replace(refundsV1, "14 days", "21 days", 1))
	f.sync()
	f.write("refunds.md", refundsV2)
	f.sync()
	got := byText(f.changes())
	now := "Refunds are accepted within 30 days of purchase."
	for _, old := range []string{"Refunds are accepted within 14 days of purchase.", "Refunds are accepted within 21 days of purchase."} {
		if s, ok := got[old]; !ok || s.Current != now || s.Republished {
			t.Errorf("%q: %+v (found %v), want current %q", old, s, ok, now)
		}
	}
	if s := got["Refunds are accepted within 14 days of purchase."]; s.Replacement != "Refunds are accepted within 21 days of purchase." {
		t.Errorf("14-day sentence replaced by %q, want the 21-day one", s.Replacement)
	}

	// Back to 21 days: the 21-day version is published again, and the
	// 14-day one's current version is the 21-day sentence.
	f.write("refunds.md", strings.Replace(refundsV2, "30 days", "21 days", 1))
	f.sync()
	got = byText(f.changes())
	if s := got["Refunds are accepted within 21 days of purchase."]; !s.Republished {
		t.Errorf("21-day sentence %+v not marked republished", s)
	}
	if s := got["Refunds are accepted within 14 days of purchase."]; s.Current != "Refunds are accepted within 21 days of purchase." {
		t.Errorf("14-day sentence current = %q, want the 21-day one again", s.Current)
	}
	if s := got[now]; s.Current != "Refunds are accepted within 21 days of purchase." {
		t.Errorf("30-day sentence current = %q, want the 21-day one", s.Current)
	}
}

// TestSearchSupersededAllIsEachSearch: searching for many queries at once
// gives each the hits it gets alone.
func TestSearchSupersededAllIsEachSearch(t *testing.T) {
	f := sentenceFixture(t)
	f.write("refunds.md", refundsV1)
	f.sync()
	f.write("refunds.md", strings.Replace(refundsV1, "14 days", "21 days", 1))
	f.sync()
	f.write("refunds.md", refundsV2)
	f.sync()
	// Stripe again: its row is published again, so a search that ranks
	// it first reads past its first window.
	f.write("refunds.md", strings.Replace(refundsV2, "processed by Adyen", "processed by Stripe", 1))
	f.sync()
	ctx := context.Background()
	queries := []string{"how many days do I have to ask for a refund", "payments processed by Stripe",
		"pets in the office", "nothing like any sentence: zebra quantum", "how many days do I have to ask for a refund"}
	for _, k := range []int{1, 2, 5} {
		all, err := f.ix.SearchSupersededAll(ctx, queries, k)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != len(queries) {
			t.Fatalf("k=%d: %d result lists for %d queries", k, len(all), len(queries))
		}
		for i, q := range queries {
			one, err := f.ix.SearchSuperseded(ctx, q, k)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range one {
				if h.Republished || h.Text == "Payments are processed by Stripe." {
					t.Errorf("k=%d, %q: a sentence published again is a hit: %+v", k, q, h)
				}
			}
			if !reflect.DeepEqual(all[i], one) {
				t.Errorf("k=%d, %q: together %+v, alone %+v", k, q, all[i], one)
			}
		}
	}
	if all, err := f.ix.SearchSupersededAll(ctx, nil, 5); err != nil || len(all) != 0 {
		t.Errorf("no queries: %v, %v", all, err)
	}
	if _, err := f.ix.SearchSupersededAll(ctx, queries, 0); err == nil {
		t.Error("k = 0 accepted")
	}
}

// TestSupersededCurrentAfterARespacedSentence: a later commit that only
// re-spaces the sentence that replaced an old one records no change (the
// versions have the same words), and the old sentence's current version is
// still found: the sentence as the page publishes it now.
func TestSupersededCurrentAfterARespacedSentence(t *testing.T) {
	f := sentenceFixture(t)
	f.write("refunds.md", refundsV1)
	f.sync()
	f.write("refunds.md", strings.Replace(refundsV1, "within 14 days", "within 30  days", 1))
	f.sync()
	f.write("refunds.md", strings.Replace(refundsV1, "within 14 days", "within 30 days", 1))
	f.sync()
	got := byText(f.changes())
	s, ok := got["Refunds are accepted within 14 days of purchase."]
	if !ok {
		t.Fatalf("the 14-day sentence is not superseded: %v", got)
	}
	if s.Replacement != "Refunds are accepted within 30  days of purchase." {
		t.Errorf("replaced by %q, want the sentence as first written", s.Replacement)
	}
	if s.Current != "Refunds are accepted within 30 days of purchase." {
		t.Errorf("current = %q, want the re-spaced sentence the page publishes", s.Current)
	}
	if _, ok := got["Refunds are accepted within 30  days of purchase."]; ok {
		t.Error("re-spacing a sentence recorded it as superseded")
	}
}
