package calibrate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"continuity/backend/calibrate/stored"
	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// MinChanges is how many usable fact changes a calibration needs: each
// gives two pairs, and half the documents must fit a threshold the other
// half can measure.
const MinChanges = 10

// TooFewError means the workspace's history has too few usable changes,
// or all of them in one document (two folds need two).
type TooFewError struct {
	Changes   int
	Documents int
	Skipped   map[string]int
}

func (e *TooFewError) Error() string {
	if e.Changes >= MinChanges {
		return fmt.Sprintf("too few documents: the %d changes are all in one document, need changes in at least 2", e.Changes)
	}
	return fmt.Sprintf("too few changes: %d (%d pairs), need at least %d (%d pairs)", e.Changes, 2*e.Changes, MinChanges, 2*MinChanges)
}

// Options are a calibration's choices.
type Options struct {
	DryRun bool // report, save nothing
}

// KindResult is the verifier on one kind's pairs.
type KindResult struct {
	Kind    Kind    `json:"kind"`
	Changes int     `json:"changes"`
	Before  Metrics `json:"before"` // at the model's threshold
	After   Metrics `json:"after"`  // held out: each document at the threshold fitted on the others
}

// Result is one calibration.
type Result struct {
	Model            string             `json:"model"` // the verdict model, name and hash
	DefaultThreshold float64            `json:"default_threshold"`
	Changes          int                `json:"changes"` // usable changes
	Pairs            int                `json:"pairs"`   // pairs judged
	Documents        int                `json:"documents"`
	Skipped          map[string]int     `json:"skipped"`  // changes that gave no pair, by reason
	NoClaim          int                `json:"no_claim"` // sentences in which the engine found no claim to check
	Kinds            []KindResult       `json:"kinds"`
	All              KindResult         `json:"all"` // every kind; Kind is ""
	FoldThresholds   [2]float64         `json:"fold_thresholds"`
	FoldFitted       [2]bool            `json:"fold_fitted"`
	Fitted           bool               `json:"fitted"`
	Threshold        float64            `json:"threshold"` // fitted on every pair; the default when not fitted
	Saved            bool               `json:"saved"`
	Decision         string             `json:"decision"` // why it was saved or not
	Previous         *stored.Threshold  `json:"previous,omitempty"`
	Changed          []Change           `json:"-"`
	History          session.HistoryRun `json:"-"`
	Synced           retrieval.Report   `json:"-"`
	Elapsed          time.Duration      `json:"-"`
}

// Run calibrates the session's workspace: it syncs the index, imports
// the git history as `continuity changes` does, judges every pair with
// the offline engine on the local index (without naming changes: the
// old sentence must not explain itself) and fits the threshold. A
// threshold is saved only when, held out by document, it does no worse
// than the model's.
func Run(ctx context.Context, s *session.Session, o Options, report progress.Func) (Result, error) {
	start := time.Now()
	var res Result
	ix, synced, err := s.FreshIndex(ctx, report)
	res.Synced = synced
	if err != nil {
		return res, err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return res, err
	}
	if res.History, err = s.ImportHistory(ctx, ix, ws.ContentDir(), session.HistoryIfOn, report); err != nil {
		return res, err
	}
	sups, err := ix.Changes(ctx, ws.ContentDir(), retrieval.ChangeFilter{})
	if err != nil {
		return res, err
	}
	res.Changed, res.Skipped = changesOf(sups)
	res.Changes = len(res.Changed)
	docs := map[string]bool{}
	for _, c := range res.Changed {
		docs[c.DocID] = true
	}
	res.Documents = len(docs)
	if res.Changes < MinChanges || res.Documents < 2 {
		return res, &TooFewError{Changes: res.Changes, Documents: res.Documents, Skipped: res.Skipped}
	}
	e := claims.NewOffline()
	if res.Model, err = e.ModelName(); err != nil {
		return res, err
	}
	if res.DefaultThreshold, err = e.Threshold(); err != nil {
		return res, err
	}
	ps, err := judgeAll(ctx, &res, ix, &claims.Scoring{Engine: e}, report)
	if err != nil {
		return res, err
	}
	summarize(&res, ps)
	if err := decide(ctx, s, &res, o); err != nil {
		return res, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// judgeAll checks each change's old and current sentence as a one-line
// draft, as a writer's check does, and keeps what the fit needs.
func judgeAll(ctx context.Context, res *Result, ix *retrieval.Index, sc *claims.Scoring, report progress.Func) ([]scored, error) {
	stats, err := ix.Stats(ctx)
	if err != nil {
		return nil, err
	}
	var ps []scored
	for i, c := range res.Changed {
		report.Report(progress.Event{Stage: "calibrating", Done: i, Total: len(res.Changed), Message: c.Title})
		for _, old := range []bool{true, false} {
			text := c.Current
			if old {
				text = c.Old
			}
			if _, err := check.CheckDraft(ctx, sc, ix, text, stats.Documents); err != nil {
				if errors.Is(err, claims.ErrEmptyDraft) {
					res.NoClaim++
					continue
				}
				return nil, fmt.Errorf("judge %q of %s: %w", text, c.DocID, err)
			}
			if len(sc.Scores) == 0 {
				res.NoClaim++
				continue
			}
			ps = append(ps, scoredOf(c, old, sc.Scores))
		}
	}
	report.Report(progress.Event{Stage: "calibrating", Done: len(res.Changed), Total: len(res.Changed)})
	res.Pairs = len(ps)
	return ps, nil
}

func scoredOf(c Change, old bool, scores []claims.Score) scored {
	p := scored{kind: c.Kind, doc: c.DocID, old: old, flag: -1}
	for _, s := range scores {
		if s.Conflict && s.PContradicted > p.flag {
			p.flag = s.PContradicted
		}
		if s.Otherwise == claims.Supported {
			p.supported = true
		}
	}
	return p
}

// summarize measures the pairs before and after, per kind and in all,
// and fits the threshold on every pair.
func summarize(res *Result, ps []scored) {
	def := res.DefaultThreshold
	var at func(scored) float64
	res.FoldThresholds, res.FoldFitted, at = heldOut(ps, def)
	for _, k := range Kinds {
		var kp []scored
		for _, p := range ps {
			if p.kind == k {
				kp = append(kp, p)
			}
		}
		n := 0
		for _, c := range res.Changed {
			if c.Kind == k {
				n++
			}
		}
		after := measure(kp, at)
		after.HeldOut = true
		res.Kinds = append(res.Kinds, KindResult{Kind: k, Changes: n, Before: measureAt(kp, def), After: after})
	}
	after := measure(ps, at)
	after.HeldOut = true
	res.All = KindResult{Changes: res.Changes, Before: measureAt(ps, def), After: after}
	res.Threshold, res.Fitted = fit(ps, def)
}

// decide saves the fitted threshold when the held-out result is not
// worse than the model's, and says why it did or did not.
func decide(ctx context.Context, s *session.Session, res *Result, o Options) error {
	wsID, err := s.WorkspaceID(ctx)
	if err != nil {
		return err
	}
	prev, had, err := stored.Load(ctx, s.DB, wsID)
	if err != nil {
		return err
	}
	if had {
		res.Previous = &prev
	}
	before, after := res.All.Before, res.All.After
	switch {
	case !res.Fitted:
		res.Threshold = res.DefaultThreshold
		res.Decision = fmt.Sprintf("not saved: no threshold catches an old sentence at precision %.2f or more", MinPrecision)
		return nil
	case !notWorse(after, before):
		res.Decision = fmt.Sprintf("not saved: held out by document, the fitted thresholds do worse than the model's "+
			"(F1 %.3f vs %.3f, precision %s vs %s; a threshold must keep F1 and either precision or %.2f)",
			after.F1, before.F1, pct(after.Precision), pct(before.Precision), MinPrecision)
		return nil
	case o.DryRun:
		res.Decision = fmt.Sprintf("dry run: would save %.3f", res.Threshold)
		return nil
	}
	t := stored.Threshold{Model: res.Model, Threshold: res.Threshold, DefaultThreshold: res.DefaultThreshold,
		Changes: res.Changes, Pairs: res.Pairs, CreatedAt: time.Now().UTC()}
	if err := stored.Save(ctx, s.DB, wsID, t); err != nil {
		return err
	}
	res.Saved = true
	res.Decision = "saved: " + t.Describe()
	return nil
}

// Saved is the session workspace's calibrated threshold; ok is false
// when it has none.
func Saved(ctx context.Context, s *session.Session) (stored.Threshold, bool, error) {
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return stored.Threshold{}, false, err
	}
	return stored.Load(ctx, s.DB, ws)
}

// Reset removes the session workspace's calibrated threshold, so checks
// use the model's again; removed is false when there was none.
func Reset(ctx context.Context, s *session.Session) (bool, error) {
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return false, err
	}
	return stored.Reset(ctx, s.DB, ws)
}

func pct(p *float64) string {
	if p == nil {
		return "undefined"
	}
	return fmt.Sprintf("%.0f%%", *p*100)
}
