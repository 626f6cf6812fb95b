package scorecard

import (
	"context"
	"fmt"
)

// AnswerJudge lists the claims of answer that the approved answer and its
// supporting line contradict (none: nil): the claim engine's contradicted
// verdict at its threshold, never a weaker signal. The offline claim
// engine is the one the app and the CLI use (evalrun).
type AnswerJudge interface {
	Contradicted(ctx context.Context, answer, approved, supportingLine string) ([]ContradictedClaim, error)
}

// ContradictedClaim is a claim of an answer the approved answer
// contradicts, with the engine's confidence in that verdict.
type ContradictedClaim struct {
	Text       string
	Confidence float64
}

// DiffSummary counts the current questions by how they moved.
type DiffSummary struct {
	Regressed           int `json:"regressed"` // questions, metric drops and new contradictions alike
	Improved            int `json:"improved"`
	Unchanged           int `json:"unchanged"`
	AnswersChanged      int `json:"answers_changed"`
	ContradictsApproved int `json:"contradicts_approved"`
	// ApprovedContradicted counts the questions whose approved answer the
	// corpus contradicts in this run (new or not; each fails the gate).
	ApprovedContradicted int `json:"approved_contradicted"`
	NewErrors            int `json:"new_errors"`
	FixedErrors          int `json:"fixed_errors"`
}

// CheckAnswers flags the questions whose changed answer now contradicts
// the approved answer: some claim of the new answer is contradicted while
// no claim of the baseline answer was. Such a question is regressed even
// when every metric held. Unchanged answers are not re-checked: the same
// text gets the same verdicts. base and cur are the two runs Compare diffed.
func (d *Diff) CheckAnswers(ctx context.Context, base, cur *Scorecard, j AnswerJudge) error {
	old := make(map[string]QuestionRow, len(base.Questions))
	for _, q := range base.Questions {
		old[q.ID] = q
	}
	now := make(map[string]QuestionRow, len(cur.Questions))
	for _, q := range cur.Questions {
		now[q.ID] = q
	}
	for i := range d.Questions {
		qc := &d.Questions[i]
		if !qc.AnswerChanged {
			continue
		}
		q, b := now[qc.QuestionID], old[qc.QuestionID]
		if q.ApprovedAnswer == "" || q.ApprovedContradicted != nil {
			continue // nothing approved to contradict, or the corpus already does: it is no yardstick
		}
		claims, err := j.Contradicted(ctx, q.Answer, q.ApprovedAnswer, q.SupportingLine)
		if err != nil {
			return fmt.Errorf("check answer of %s: %w", qc.QuestionID, err)
		}
		if len(claims) == 0 {
			continue
		}
		before, err := j.Contradicted(ctx, b.Answer, q.ApprovedAnswer, q.SupportingLine)
		if err != nil {
			return fmt.Errorf("check baseline answer of %s: %w", qc.QuestionID, err)
		}
		if len(before) > 0 {
			continue // it contradicted the approved answer already: not new
		}
		qc.ContradictsApproved, qc.Movement = true, MoveRegressed
		qc.ContradictedClaims, qc.Confidence = nil, nil
		for _, c := range claims {
			qc.ContradictedClaims = append(qc.ContradictedClaims, c.Text)
			if qc.Confidence == nil || c.Confidence > *qc.Confidence {
				qc.Confidence = &c.Confidence
			}
		}
	}
	d.summarise()
	return nil
}

// ContradictionOf is the diff's contradiction flag of question id, if any.
func (d *Diff) ContradictionOf(id string) (QuestionChange, bool) {
	if q, ok := d.ChangeOf(id); ok && q.ContradictsApproved {
		return q, true
	}
	return QuestionChange{}, false
}

// ChangeOf is question id's movement against the baseline, if the diff has it.
func (d *Diff) ChangeOf(id string) (QuestionChange, bool) {
	if d == nil {
		return QuestionChange{}, false
	}
	for _, q := range d.Questions {
		if q.QuestionID == id {
			return q, true
		}
	}
	return QuestionChange{}, false
}

// AttachBaseline sets the scorecard's diff against its baseline and fails
// the gate for every question that now contradicts its approved answer: a
// release that turns an approved answer into a wrong one is not ready,
// whatever its means. It is the one place the diff reaches the gate, so
// the CLI, the exports and the desktop read the same verdict.
func (sc *Scorecard) AttachBaseline(d *Diff) {
	sc.Baseline = d
	if d == nil {
		return
	}
	for _, q := range d.Questions {
		if q.ContradictsApproved {
			sc.Gate.Failures = append(sc.Gate.Failures, ContradictionFailure(q.QuestionID, q.Confidence))
		}
	}
	sc.Gate.Pass = len(sc.Gate.Failures) == 0
}

// ContradictionFailure is the gate's reason for a question that now
// contradicts its approved answer, with the engine's confidence.
func ContradictionFailure(id string, confidence *float64) string {
	if confidence == nil {
		return id + " now contradicts its approved answer"
	}
	return fmt.Sprintf("%s now contradicts its approved answer (confidence %.2f)", id, *confidence)
}

func (d *Diff) summarise() {
	s := DiffSummary{NewErrors: len(d.NewErrors), FixedErrors: len(d.FixedErrors)}
	for _, q := range d.Questions {
		switch q.Movement {
		case MoveRegressed:
			s.Regressed++
		case MoveImproved:
			s.Improved++
		case MoveUnchanged:
			s.Unchanged++
		}
		if q.AnswerChanged {
			s.AnswersChanged++
		}
		if q.ContradictsApproved {
			s.ContradictsApproved++
		}
		if q.ApprovedContradicted {
			s.ApprovedContradicted++
		}
	}
	d.Summary = s
}
