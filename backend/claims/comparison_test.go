package claims_test

import (
	"context"
	"testing"

	"continuity/backend/claims"
)

// A comparison is a bound that an exact figure beyond it states ("more
// than 200 integrations" by "240 integrations"); a limit is not ("up to
// $100" is changed by "$75"), and a figure on the wrong side of an upper
// comparison refutes it.
func TestComparisonMetByAFigureBeyondIt(t *testing.T) {
	t.Parallel()
	corpus := staticSearch{
		{DocID: "integrations", ChunkID: "integrations#0", Title: "Integrations",
			Text: "Tallyhub connects to 240 accounting and payroll apps. The export takes 12 minutes on average."},
		{DocID: "perks", ChunkID: "perks#0", Title: "Perks", Text: "Employees can claim $75 per month for home internet."},
	}
	cases := []struct {
		name, draft string
		want        claims.Verdict
	}{
		{"more than, met", "Tallyhub connects to more than 200 accounting and payroll apps.", claims.Supported},
		{"under, met", "The export takes under 15 minutes on average.", claims.Supported},
		{"under, refuted", "The export takes under 10 minutes on average.", claims.Contradicted},
		{"a limit is changed, not met", "Employees can claim up to $100 per month for home internet.", claims.Contradicted},
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
			if r := rep.Results[0]; r.Verdict != c.want {
				t.Errorf("%q: %s (%.2f), want %s: %s", c.draft, r.Verdict, r.Confidence, c.want, r.Explanation)
			}
		})
	}
}
