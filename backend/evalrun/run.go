package evalrun

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"continuity/backend/eval"
	"continuity/backend/progress"
	"continuity/backend/session"
)

// Start evaluates the prepared set as a new run, saving each question as
// it finishes so a cancelled or crashed run can be resumed.
func (p *Prepared) Start(ctx context.Context, report progress.Func) (eval.Run, error) {
	run, err := p.Runner.Start(ctx, p.Run, p.Questions, report)
	return p.checkContextIDs(ctx, run, err)
}

// Resume continues the stopped run runID against the corpus as it is now.
// Reference documents missing now are added to those the run recorded, so
// the warning covers every question it scores.
func (p *Prepared) Resume(ctx context.Context, runID string, report progress.Func) (eval.Run, error) {
	stopped, err := p.Store.Run(ctx, runID)
	if err != nil {
		return eval.Run{}, err
	}
	if merged := union(stopped.MissingRefs, p.Run.MissingRefs); len(merged) != len(stopped.MissingRefs) {
		stopped.MissingRefs = merged
		if err := p.Store.PutRun(ctx, stopped); err != nil {
			return eval.Run{}, err
		}
	}
	run, err := p.Runner.Resume(ctx, runID, p.Run.CorpusFingerprint, p.Questions, report)
	return p.checkContextIDs(ctx, run, err)
}

// union is a ∪ b, sorted.
func union(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range append(append([]string(nil), a...), b...) {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// CorpusChanged says the corpus is not the one stopped was last scored
// against, so the rest of it will be scored against another corpus.
func (p *Prepared) CorpusChanged(stopped eval.Run) bool {
	return p.Run.CorpusFingerprint != stopped.Corpus()
}

// PrepareResume loads a stopped run and prepares what it ran: its golden
// set at the version it recorded, on its engine, repeats and k. It returns
// the stored run as it stopped.
func PrepareResume(ctx context.Context, s *session.Session, runID string, notice SyncNotice, report progress.Func) (*Prepared, eval.Run, error) {
	return PrepareResumeOn(ctx, s, runID, Target{}, notice, report)
}

// PrepareResumeOn is PrepareResume for a run answered by a target: t must
// be the same target (the same address, or the same responses file
// unchanged), else the error wraps ErrTargetMismatch.
func PrepareResumeOn(ctx context.Context, s *session.Session, runID string, t Target, notice SyncNotice, report progress.Func) (*Prepared, eval.Run, error) {
	ws, err := s.WorkspaceID(ctx)
	if err != nil {
		return nil, eval.Run{}, err
	}
	st, err := eval.OpenStore(ctx, s.DB, ws)
	if err != nil {
		return nil, eval.Run{}, err
	}
	run, err := st.Run(ctx, runID)
	if err != nil {
		return nil, eval.Run{}, err
	}
	// a version that does not parse is the current one; Resume then
	// refuses the run if the questions changed since it started
	version, _ := strconv.Atoi(run.GoldenVersion)
	var judge eval.Judge
	if run.Judge == string(eval.JudgeNone) {
		judge = eval.JudgeNone
	}
	if run.Target == nil && !t.Builtin() {
		return nil, eval.Run{}, fmt.Errorf("resume %s: %w: it was answered by the built-in pipeline; drop --target/--responses", runID, ErrTargetMismatch)
	}
	if run.Target != nil && t.Builtin() {
		return nil, eval.Run{}, fmt.Errorf("resume %s: %w: it was answered by %s; give the same --target or --responses again", runID, ErrTargetMismatch, run.Target)
	}
	p, err := Prepare(ctx, s, run.GoldenSet, Options{Engine: run.Engine, Repeat: run.Repeat, K: run.K, Version: version, Judge: judge, Target: t, RunID: runID}, notice, report)
	if err != nil {
		return nil, eval.Run{}, err
	}
	if got := p.Run.Target; run.Target != nil && (got.Identity() != run.Target.Identity() || (got.Kind == eval.TargetResponses && got.SHA256 != run.Target.SHA256)) {
		p.Close()
		return nil, eval.Run{}, fmt.Errorf("resume %s: %w: it was answered by %s, not %s (a responses file must be unchanged)", runID, ErrTargetMismatch, run.Target, got)
	}
	return p, run, nil
}
