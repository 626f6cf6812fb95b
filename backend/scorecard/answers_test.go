package scorecard

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"strings"
	"testing"

	"continuity/backend/eval"
)

// wordJudge contradicts every sentence of an answer that contains a word
// listed for it, and records what it was asked.
type wordJudge struct {
	bad   []string
	asked []string
	err   error
}

func (j *wordJudge) Contradicted(_ context.Context, answer, _, _ string) ([]ContradictedClaim, error) {
	j.asked = append(j.asked, answer)
	if j.err != nil {
		return nil, j.err
	}
	var out []ContradictedClaim
	for _, w := range j.bad {
		if strings.Contains(answer, w) {
			out = append(out, ContradictedClaim{Text: answer, Confidence: 0.9})
		}
	}
	return out, nil
}

func answered(id, answer string, faith float64) eval.QuestionResult {
	return eval.QuestionResult{QuestionID: id, Category: eval.Routine, Answer: answer, Reference: "Refunds within 30 days.",
		SupportingLine: "full refund within 30 days", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: faith, Method: "test"}}}
}

func TestCheckAnswers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name                 string
		base, cur            eval.QuestionResult
		bad                  []string
		wantMove             Movement
		wantChanged, wantCon bool
		wantAsked            int
	}{
		{"equal metrics, answer now contradicts: regressed", answered("q", "Refunds within 30 days.", 1), answered("q", "Refunds within 45 days.", 1),
			[]string{"45"}, MoveRegressed, true, true, 2},
		{"punctuation and case only: not changed, not checked", answered("q", "Refunds within 30 days.", 1), answered("q", "refunds, within 30 days", 1),
			[]string{"30"}, MoveUnchanged, false, false, 0},
		{"changed but consistent: unchanged", answered("q", "Refunds within 30 days.", 1), answered("q", "Full refunds within 30 days.", 1),
			nil, MoveUnchanged, true, false, 1},
		{"contradicted before as well: not new", answered("q", "Refunds within 60 days.", 1), answered("q", "Refunds within 45 days.", 1),
			[]string{"45", "60"}, MoveUnchanged, true, false, 2},
		{"metrics improved but answer contradicts: regressed", answered("q", "Refunds within 30 days.", 0.5), answered("q", "Refunds within 45 days.", 1),
			[]string{"45"}, MoveRegressed, true, true, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			base := Build(eval.Run{ID: "base", Questions: 1}, []eval.QuestionResult{tc.base}, nil)
			cur := Build(eval.Run{ID: "cur", Questions: 1}, []eval.QuestionResult{tc.cur}, nil)
			d := Compare(base, cur, 0)
			j := &wordJudge{bad: tc.bad}
			if err := d.CheckAnswers(context.Background(), base, cur, j); err != nil {
				t.Fatal(err)
			}
			q := d.Questions[0]
			if q.Movement != tc.wantMove || q.AnswerChanged != tc.wantChanged || q.ContradictsApproved != tc.wantCon || len(j.asked) != tc.wantAsked {
				t.Fatalf("change %+v, judge asked %d times; want %s changed=%v contradicts=%v asked %d", q, len(j.asked), tc.wantMove, tc.wantChanged, tc.wantCon, tc.wantAsked)
			}
			wantReg := 0
			if tc.wantMove == MoveRegressed {
				wantReg = 1
			}
			if d.Summary.Regressed != wantReg || d.Summary.ContradictsApproved != btoi(tc.wantCon) || d.Summary.AnswersChanged != btoi(tc.wantChanged) {
				t.Errorf("summary %+v", d.Summary)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestCheckAnswersWrapsJudgeErrors(t *testing.T) {
	t.Parallel()
	base := Build(eval.Run{ID: "base", Questions: 1}, []eval.QuestionResult{answered("q", "a", 1)}, nil)
	cur := Build(eval.Run{ID: "cur", Questions: 1}, []eval.QuestionResult{answered("q", "b", 1)}, nil)
	d := Compare(base, cur, 0)
	boom := errors.New("boom")
	if err := d.CheckAnswers(context.Background(), base, cur, &wordJudge{err: boom}); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want it to wrap %v", err, boom)
	}
}

// A question that now contradicts its approved answer fails in JUnit and
// shows its flags in the CLI JSON, whatever its metrics.
func TestContradictionInJUnitAndResult(t *testing.T) {
	t.Parallel()
	base := Build(eval.Run{ID: "base", Questions: 2}, []eval.QuestionResult{answered("q1", "Refunds within 30 days.", 1), answered("q2", "Same.", 1)}, nil)
	cur := Build(eval.Run{ID: "cur", Questions: 2}, []eval.QuestionResult{answered("q1", "Refunds within 45 days.", 1), answered("q2", "Same.", 1)}, nil)
	d := Compare(base, cur, 0)
	if err := d.CheckAnswers(context.Background(), base, cur, &wordJudge{bad: []string{"45"}}); err != nil {
		t.Fatal(err)
	}
	cur.Baseline = &d

	var buf bytes.Buffer
	if err := WriteJUnit(&buf, cur); err != nil {
		t.Fatal(err)
	}
	var suites junitSuites
	if err := xml.Unmarshal(buf.Bytes(), &suites); err != nil {
		t.Fatal(err)
	}
	qs := suites.Suites[1]
	if qs.Failures != 1 || qs.Cases[0].Failure == nil || qs.Cases[1].Failure != nil {
		t.Fatalf("questions suite %+v", qs)
	}
	if f := qs.Cases[0].Failure; f.Type != typeContradicts || !strings.Contains(f.Message, `"Refunds within 45 days."`) {
		t.Errorf("failure %+v, want the contradicted claim named", f)
	}

	r := cur.Result()
	q1, q2 := r.Questions[0], r.Questions[1]
	if q1.Change != MoveRegressed || q1.AnswerChanged == nil || !*q1.AnswerChanged || q1.ContradictsApproved == nil || !*q1.ContradictsApproved {
		t.Errorf("q1 %+v", q1)
	}
	if q2.AnswerChanged == nil || *q2.AnswerChanged || *q2.ContradictsApproved {
		t.Errorf("q2 %+v", q2)
	}
	if noBase := base.Result(); noBase.Questions[0].AnswerChanged != nil {
		t.Errorf("without a baseline answer_changed must be absent, got %v", *noBase.Questions[0].AnswerChanged)
	}
}
