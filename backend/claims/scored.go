package claims

import (
	"context"
	"errors"

	"continuity/backend/claims/model"
)

// Score is what one claim's verdict depends on when the contradicted
// threshold moves: a claim on which a conflict cue fired is contradicted
// at threshold t when PContradicted reaches t, otherwise it gets
// Otherwise. backend/calibrate fits a workspace's threshold from these.
type Score struct {
	Conflict      bool    `json:"conflict"`
	PContradicted float64 `json:"p_contradicted"` // the conflict model's; 0 without a conflict cue
	Otherwise     Verdict `json:"otherwise"`
}

// At is the verdict at contradicted threshold t.
func (s Score) At(t float64) Verdict {
	if s.Conflict && s.PContradicted >= t {
		return Contradicted
	}
	return s.Otherwise
}

// ErrNotScorable means the verifier, not the verdict model, decided a
// check: its verdicts do not move with the verdict model's threshold.
var ErrNotScorable = errors.New("claims: this check was decided by the verifier, not the verdict model")

// Scoring is an Engine that checks with Engine and keeps, for every
// result, the claim's Score: a caller runs the same check path as any
// check and can then replay the verdicts at other thresholds.
type Scoring struct {
	Engine *OfflineEngine
	Scores []Score // by Report.Results index, of the last Check
}

// Check implements Engine.
func (s *Scoring) Check(ctx context.Context, draft string, search Searcher) (Report, error) {
	s.Scores = nil
	rep, err := s.Engine.check(ctx, draft, search, func(as *assessment, w *model.Weights) {
		s.Scores = append(s.Scores, scoreOf(as, w))
	})
	if err != nil {
		return rep, err
	}
	if len(s.Scores) != len(rep.Results) {
		return rep, ErrNotScorable
	}
	return rep, nil
}

func scoreOf(as *assessment, w *model.Weights) Score {
	if len(as.ca.stems) == 0 && len(as.ca.qty) == 0 {
		return Score{Otherwise: NotCovered}
	}
	p := assessedProbs(as, w)
	sc := Score{Otherwise: DecideProbs(p, false, as.support != nil, 0)}
	if as.conflict != nil {
		sc.Conflict, sc.PContradicted = true, p[classContradicted]
	}
	return sc
}

// Threshold is the contradicted threshold a check by e applies: the
// workspace's (ContradictedThreshold) when set, else the verdict model's.
func (e *OfflineEngine) Threshold() (float64, error) {
	if e.ContradictedThreshold > 0 {
		return e.ContradictedThreshold, nil
	}
	w, _, err := e.weights()
	if err != nil {
		return 0, err
	}
	return w.Manifest.Contradicted, nil
}
