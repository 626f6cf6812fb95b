package scorecard

import (
	"continuity/backend/engine"
	"continuity/backend/eval"
)

// Result is the `continuity eval --json` contract.
type Result struct {
	RunID       string                   `json:"run_id"`
	Engine      engine.Engine            `json:"engine"`
	AnswerModel string                   `json:"answer_model"`
	JudgeModel  string                   `json:"judge_model"`
	Metrics     map[string]MetricSummary `json:"metrics"`
	Gate        Gate                     `json:"gate"`
	Errors      int                      `json:"errors"`
	Questions   []ResultQuestion         `json:"questions"`
	Warnings    []string                 `json:"warnings"`
}

// ResultQuestion is one question in the CLI JSON.
type ResultQuestion struct {
	ID              string             `json:"id"`
	Category        string             `json:"category"`
	RetrievedDocIDs []string           `json:"retrieved_doc_ids"`
	Answer          string             `json:"answer"`
	Scores          map[string]float64 `json:"scores"`
	NotMeasured     map[string]string  `json:"not_measured"`
	Error           string             `json:"error,omitempty"`
	// Against the baseline, when there is one (omitted without).
	Change              Movement `json:"change,omitempty"`
	AnswerChanged       *bool    `json:"answer_changed,omitempty"`
	ContradictsApproved *bool    `json:"contradicts_approved,omitempty"`
	ContradictedClaims  []string `json:"contradicted_claims,omitempty"`
	// Confidence is the claim engine's in the contradiction (answer vs
	// approved answer, or corpus vs approved answer).
	Confidence *float64 `json:"contradiction_confidence,omitempty"`
	// ApprovedContradicted: the corpus contradicts the approved answer
	// itself; the question fails the gate, baseline or not.
	ApprovedContradicted *eval.ApprovedContradiction `json:"approved_contradicted,omitempty"`
}

// Result is the scorecard in the CLI's JSON shape.
func (s *Scorecard) Result() Result {
	r := Result{RunID: s.Run.ID, Engine: s.Run.Engine, AnswerModel: s.Run.AnswerModel, JudgeModel: s.Run.JudgeModel,
		Metrics: s.Metrics, Gate: s.Gate, Errors: s.Errors, Questions: make([]ResultQuestion, 0, len(s.Questions)), Warnings: s.Warnings}
	if r.Warnings == nil {
		r.Warnings = []string{}
	}
	var moves map[string]QuestionChange
	if s.Baseline != nil {
		moves = s.Baseline.ByQuestion()
	}
	for _, q := range s.Questions {
		ids := q.RetrievedDocIDs
		if ids == nil {
			ids = []string{}
		}
		rq := ResultQuestion{ID: q.ID, Category: q.Category, RetrievedDocIDs: ids,
			Answer: q.Answer, Scores: q.Scores, NotMeasured: q.NotMeasured, Error: q.Error, ApprovedContradicted: q.ApprovedContradicted}
		if c := q.ApprovedContradicted; c != nil {
			rq.Confidence = c.Confidence
		}
		if mv, ok := moves[q.ID]; ok {
			changed, contradicts := mv.AnswerChanged, mv.ContradictsApproved
			rq.Change, rq.AnswerChanged, rq.ContradictsApproved, rq.ContradictedClaims = mv.Movement, &changed, &contradicts, mv.ContradictedClaims
			if mv.ContradictsApproved {
				rq.Confidence = mv.Confidence
			}
		}
		r.Questions = append(r.Questions, rq)
	}
	return r
}
