package xlsx

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"continuity/backend/eval"
	"continuity/backend/scorecard"
)

// judge45 contradicts any answer that says 45 days.
type judge45 struct{}

func (judge45) Contradicted(_ context.Context, answer, _, _ string) ([]scorecard.ContradictedClaim, error) {
	if strings.Contains(answer, "45") {
		return []scorecard.ContradictedClaim{{Text: answer, Confidence: 0.9}}, nil
	}
	return nil, nil
}

// TestScorecardWorkbookShowsAnswerFlags writes a scorecard whose q1 now
// contradicts its approved answer and reads the workbook back: the
// Questions sheet has the answer flags, the Baseline sheet names q1 as
// regressed, and the Summary's gate line gives the reason.
func TestScorecardWorkbookShowsAnswerFlags(t *testing.T) {
	t.Parallel()
	q := func(id, answer string) eval.QuestionResult {
		return eval.QuestionResult{QuestionID: id, Category: eval.Routine, Question: "How long?", Answer: answer, Reference: "30 days.",
			Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: 1}}}
	}
	base := scorecard.Build(eval.Run{ID: "r0", Questions: 2}, []eval.QuestionResult{q("q1", "Within 30 days."), q("q2", "Same.")}, nil)
	cur := scorecard.Build(eval.Run{ID: "r1", Questions: 2}, []eval.QuestionResult{q("q1", "Within 45 days."), q("q2", "Same.")}, nil)
	d := scorecard.Compare(base, cur, 0)
	if err := d.CheckAnswers(context.Background(), base, cur, judge45{}); err != nil {
		t.Fatal(err)
	}
	cur.AttachBaseline(&d)
	var buf bytes.Buffer
	if err := WriteScorecard(&buf, cur, nil); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(scQuestionsSheet)
	if err != nil {
		t.Fatal(err)
	}
	changed, contra, claims := slices.Index(rows[0], "Answer changed"), slices.Index(rows[0], "Contradicts approved answer"), slices.Index(rows[0], "Contradicted claims")
	if changed < 0 || contra < 0 || claims < 0 || len(rows) != 3 {
		t.Fatalf("questions sheet header %q, %d rows", rows[0], len(rows))
	}
	cell := func(r []string, i int) string {
		if i < len(r) {
			return r[i]
		}
		return ""
	}
	want := map[string][3]string{"q1": {"yes", "yes", "Within 45 days."}, "q2": {"no", "no", ""}}
	for _, r := range rows[1:] {
		got := [3]string{cell(r, changed), cell(r, contra), cell(r, claims)}
		if got != want[r[0]] {
			t.Errorf("%s flags %q, want %q", r[0], got, want[r[0]])
		}
	}
	base2, err := f.GetRows(scBaselineSheet)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range base2 {
		if len(r) > 5 && r[0] == "q1" && r[5] == "regressed: q1 now contradicts its approved answer (confidence 0.90)" {
			found = true
		}
	}
	if !found {
		t.Errorf("baseline sheet has no contradiction row for q1: %q", base2)
	}
	gate, err := f.GetCellValue(scSummarySheet, "B7")
	if err != nil || gate != "FAIL: q1 now contradicts its approved answer (confidence 0.90)" {
		t.Errorf("summary gate %q (%v)", gate, err)
	}
}
