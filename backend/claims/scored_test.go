package claims_test

import (
	"context"
	"testing"

	"continuity/backend/claims"
)

// A Score replayed at the engine's own threshold gives the verdict the
// check gave, and a threshold above every probability turns no claim
// contradicted: calibrate's replay is the check, not a copy of it.
func TestScoringReplaysTheCheck(t *testing.T) {
	t.Parallel()
	passages := staticSearch{
		{DocID: "refunds", ChunkID: "refunds#0", Title: "Refunds", Text: "Refunds are accepted within 30 days of purchase."},
		{DocID: "payments", ChunkID: "payments#0", Title: "Payments", Text: "Card payments are processed by Adyen."},
	}
	drafts := []struct{ name, draft string }{
		{"an old number", "Refunds are accepted within 14 days of purchase."},
		{"the current number", "Refunds are accepted within 30 days of purchase."},
		{"an old vendor", "Card payments are processed by Stripe."},
		{"nothing published", "The cafeteria serves soup on Fridays."},
	}
	for _, d := range drafts {
		t.Run(d.name, func(t *testing.T) {
			t.Parallel()
			e := claims.NewOffline()
			s := &claims.Scoring{Engine: e}
			rep, err := s.Check(context.Background(), d.draft, passages)
			if err != nil {
				t.Fatal(err)
			}
			th, err := e.Threshold()
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Scores) != len(rep.Results) || len(rep.Results) == 0 {
				t.Fatalf("%d scores for %d results", len(s.Scores), len(rep.Results))
			}
			for i, r := range rep.Results {
				if got := s.Scores[i].At(th); got != r.Verdict {
					t.Errorf("claim %q: replay at %.3f gives %s, the check gave %s", r.Text, th, got, r.Verdict)
				}
				if got := s.Scores[i].At(1.0001); got == claims.Contradicted {
					t.Errorf("claim %q: contradicted above every probability", r.Text)
				}
			}
		})
	}
}
