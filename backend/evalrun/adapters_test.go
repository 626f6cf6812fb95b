package evalrun

import (
	"context"
	"strings"
	"testing"

	"continuity/backend/eval"
	"continuity/backend/golden"
)

func TestQuestionsConvertsRowsAndLocatesBadOnes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		rows    []golden.Row
		wantErr string
	}{
		{"valid", []golden.Row{{ID: "Q1", Question: "Refund?", Category: golden.Routine, ReferenceDocIDs: []string{"a"}}}, ""},
		{"unknown category", []golden.Row{{ID: "Q1", Question: "a", Category: golden.Routine}, {ID: "Q2", Question: "b", Category: "sometimes"}}, `row 2 (Q2): category "sometimes"`},
		{"duplicate id", []golden.Row{{ID: "Q1", Question: "a", Category: golden.Routine}, {ID: "Q1", Question: "b", Category: golden.Refuse}}, "duplicate id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			qs, err := Questions(c.rows)
			if c.wantErr == "" {
				if err != nil || len(qs) != 1 || qs[0].ReferenceDocIDs[0] != "a" || qs[0].Category != eval.Routine {
					t.Fatalf("Questions = %+v, %v", qs, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("err = %v, want %q", err, c.wantErr)
			}
		})
	}
}

func TestVerifierJudgesClaimsAgainstTheGivenPassages(t *testing.T) {
	t.Parallel()
	ps := []eval.Passage{{DocID: "help-refund", ChunkID: "help-refund#0", Title: "Refunds", Text: "You can get a full refund within 30 days of purchase."}}
	cases := []struct {
		name, answer, want string
	}{
		{"supported", "You can get a full refund within 30 days of purchase.", eval.VerdictSupported},
		{"contradicted number", "You can get a full refund within 90 days of purchase.", eval.VerdictContradicted},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := NewVerifier().Verify(context.Background(), c.answer, ps)
			if err != nil || len(got) != 1 {
				t.Fatalf("Verify = %+v, %v", got, err)
			}
			if got[0].Verdict != c.want {
				t.Fatalf("verdict %q (%s), want %q", got[0].Verdict, got[0].Reason, c.want)
			}
		})
	}
}
