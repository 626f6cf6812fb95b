package evalrun

import (
	"context"
	"strings"

	"continuity/backend/claims"
	"continuity/backend/scorecard"
)

// approvedJudge checks an answer's claims against the approved answer and
// its supporting line with the offline claim engine: deterministic, no
// key, the same verdicts whichever engine produced the runs.
type approvedJudge struct {
	engine *claims.OfflineEngine
}

func newApprovedJudge() approvedJudge { return approvedJudge{engine: claims.NewOffline()} }

var _ scorecard.AnswerJudge = approvedJudge{}

// Contradicted implements scorecard.AnswerJudge.
func (j approvedJudge) Contradicted(ctx context.Context, answer, approved, supportingLine string) ([]scorecard.ContradictedClaim, error) {
	passages := approvedPassages(approved, supportingLine)
	if len(passages) == 0 || strings.TrimSpace(answer) == "" {
		return nil, nil
	}
	var out []scorecard.ContradictedClaim
	for _, c := range claims.Decompose(answer) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// Verify's contradicted verdict already needs a conflict cue on a
		// unit about the claim's subject at the model's threshold; it must
		// also cite the passage, or it is no contradiction of anything.
		if r := j.engine.Verify(c, passages); r.Verdict == claims.Contradicted && len(r.Evidence) > 0 {
			out = append(out, scorecard.ContradictedClaim{Text: c.Text, Confidence: r.Confidence})
		}
	}
	return out, nil
}

// approvedPassages are what a new answer must not contradict: the golden
// question's approved answer and the line of the corpus that supports it.
func approvedPassages(approved, supportingLine string) []claims.Passage {
	var ps []claims.Passage
	if strings.TrimSpace(approved) != "" {
		ps = append(ps, claims.Passage{DocID: "approved-answer", ChunkID: "approved-answer", Title: "approved answer", Text: approved})
	}
	if strings.TrimSpace(supportingLine) != "" {
		ps = append(ps, claims.Passage{DocID: "supporting-line", ChunkID: "supporting-line", Title: "supporting line", Text: supportingLine})
	}
	return ps
}

// compareCards diffs cur against base: metric moves, changed answers and
// answers that now contradict the approved one.
func compareCards(ctx context.Context, base, cur *scorecard.Scorecard) (*scorecard.Diff, error) {
	d := scorecard.Compare(base, cur, scorecard.DefaultTolerance)
	if err := d.CheckAnswers(ctx, base, cur, newApprovedJudge()); err != nil {
		return nil, err
	}
	return &d, nil
}
