package scorecard

import (
	"slices"
	"strings"
	"testing"

	"continuity/backend/eval"
)

// Issue 29 item 13: a row whose approved answer the corpus contradicts
// fails its question and the gate; the corpus turning against it is a
// regression against a run where it did not, and agreeing again an
// improvement.
func TestApprovedContradictedRegressesAndImproves(t *testing.T) {
	t.Parallel()
	conf := 0.86
	broken := []eval.ApprovedContradiction{
		{QuestionID: "q1", Kind: "superseded", Claim: "within 30 days", DocID: "blog", Passage: "within 14 days"},
		{QuestionID: "q1", Kind: "contradicted", Claim: "after 30 days", DocID: "blog", ChunkID: "blog#2", Passage: "After 14 days", Confidence: &conf},
	}
	res := []eval.QuestionResult{{QuestionID: "q1", Category: eval.Routine, Answer: "a", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: 1}}}}
	card := func(id string, cs []eval.ApprovedContradiction) *Scorecard {
		return Build(eval.Run{ID: id, Questions: 1, ApprovedContradicted: cs}, res, Thresholds{eval.Faithfulness: 0.5})
	}
	fine, bad, fixed := card("r1", nil), card("r2", broken), card("r3", nil)
	wantFailure := `q1: approved answer contradicted by blog#2: "After 14 days" (confidence 0.86)`
	if bad.Gate.Pass || !slices.Contains(bad.Gate.Failures, wantFailure) || bad.Questions[0].Status() != QuestionFail {
		t.Fatalf("gate %+v, status %s; want a failure %q and a failing question", bad.Gate, bad.Questions[0].Status(), wantFailure)
	}
	cases := []struct {
		name      string
		base, cur *Scorecard
		want      Movement
		summary   DiffSummary
	}{
		{"the corpus turns against the approved answer", fine, bad, MoveRegressed, DiffSummary{Regressed: 1, ApprovedContradicted: 1}},
		{"the corpus is fixed again", bad, fixed, MoveImproved, DiffSummary{Improved: 1}},
		{"still contradicted is no new regression", bad, card("r4", broken), MoveUnchanged, DiffSummary{Unchanged: 1, ApprovedContradicted: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d := Compare(c.base, c.cur, 0)
			if got := d.Questions[0].Movement; got != c.want || d.Summary != c.summary {
				t.Errorf("movement %s, summary %+v; want %s, %+v", got, d.Summary, c.want, c.summary)
			}
		})
	}
	if msg := questionFailure(bad.Questions[0]).Message; !strings.HasPrefix(msg, "q1: approved answer contradicted by blog#2") {
		t.Errorf("JUnit failure %q", msg)
	}
}
