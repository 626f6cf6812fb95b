package claims_test

import (
	"context"
	"testing"

	"continuity/backend/claims"
)

// A negation denies the word after it: "can't change region" denies a
// change, so a claim about how the region is set does not meet its
// opposite there, though both speak of the region and the account.
func TestNegationDeniesTheWordAfterIt(t *testing.T) {
	t.Parallel()
	corpus := staticSearch{{DocID: "regions", ChunkID: "regions#0", Title: "Data regions",
		Text: "You can't change region from your account settings. Keyboard shortcuts aren't available in Tallyhub Go."}}
	cases := []struct {
		name, draft  string
		contradicted bool
	}{
		{"another predicate", "The region is set when you create the account.", false},
		{"the denied predicate", "You can change the region from your account settings.", true},
		{"the denied adjective", "Keyboard shortcuts are available in Tallyhub Go.", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rep, err := claims.NewOffline().Check(context.Background(), c.draft, corpus)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Results) != 1 {
				t.Fatalf("want 1 claim, got %+v", rep.Results)
			}
			if r := rep.Results[0]; (r.Verdict == claims.Contradicted) != c.contradicted {
				t.Errorf("%q: %s (%.2f): %s; want contradicted=%v", c.draft, r.Verdict, r.Confidence, r.Explanation, c.contradicted)
			}
		})
	}
}
