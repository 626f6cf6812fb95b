package scorecard

import "math"

// Movement is how a score moved from a baseline run to the current one.
// It is decided here and only here (Classify).
type Movement string

// The movements a score, a mean or a question can have.
const (
	MoveImproved    Movement = "improved"
	MoveRegressed   Movement = "regressed"
	MoveUnchanged   Movement = "unchanged"    // a move smaller than the tolerance: judge noise
	MoveNew         Movement = "new"          // nothing in the baseline to compare with
	MoveNotMeasured Movement = "not_measured" // nothing now: "not measured" is not zero
)

// Classify is the one baseline comparison: how a value moved from base to
// cur. Moves smaller than tolerance (DefaultTolerance when ≤ 0) are noise.
func Classify(base, cur *float64, tolerance float64) Movement {
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	switch {
	case !finite(cur):
		return MoveNotMeasured
	case !finite(base):
		return MoveNew
	}
	switch d := *cur - *base; {
	case d <= -tolerance:
		return MoveRegressed
	case d >= tolerance:
		return MoveImproved
	}
	return MoveUnchanged
}

func finite(p *float64) bool { return p != nil && !math.IsNaN(*p) && !math.IsInf(*p, 0) }

// QuestionChange is one current question's movement against the baseline.
type QuestionChange struct {
	QuestionID string   `json:"question_id"`
	Movement   Movement `json:"movement"`
	// WorstDelta is the largest drop of any of its scores beyond the
	// tolerance (0 when none dropped), and -1 for a new error, so the worst
	// regressions sort first.
	WorstDelta float64 `json:"worst_delta"`
	// AnswerChanged says the answer differs from the baseline's once case,
	// whitespace and punctuation are folded (eval.AnswerChanged); false
	// when either run has no answer to compare (new, errored).
	AnswerChanged bool `json:"answer_changed"`
	// ContradictsApproved says a claim of the new answer is contradicted
	// by the approved answer while none of the baseline answer's was
	// (CheckAnswers); it makes the question regressed whatever its metrics.
	ContradictsApproved bool     `json:"contradicts_approved"`
	ContradictedClaims  []string `json:"contradicted_claims,omitempty"`
	// ApprovedContradicted says the corpus contradicts the approved
	// answer itself (QuestionRow.ApprovedContradicted); new in this run,
	// it makes the question regressed; gone again, improved.
	ApprovedContradicted bool `json:"approved_contradicted"`
	// Confidence is the claim engine's for the contradiction that flagged
	// the question (the highest of its claims); nil when none was judged.
	Confidence *float64 `json:"confidence,omitempty"`
}

// rollUp is a question's movement from its metrics' movements: any
// regression makes it regressed, else any improvement improved; with no
// metric comparable in both runs it is not measured.
func rollUp(moves []Movement) Movement {
	out := MoveNotMeasured
	for _, m := range moves {
		switch {
		case m == MoveRegressed:
			return MoveRegressed
		case m == MoveImproved:
			out = MoveImproved
		case m == MoveUnchanged && out == MoveNotMeasured:
			out = MoveUnchanged
		}
	}
	return out
}

// ByQuestion indexes the current questions' movements by question ID.
func (d *Diff) ByQuestion() map[string]QuestionChange {
	out := make(map[string]QuestionChange, len(d.Questions))
	for _, q := range d.Questions {
		out[q.QuestionID] = q
	}
	return out
}
