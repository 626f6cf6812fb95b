package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/eval"
	"continuity/backend/session"
)

// withEvalStore opens the eval store of the workspace base names (its
// --data and --corpus) for a direct edit, the way a crash or an old
// version would have left it, and closes it again.
func withEvalStore(t *testing.T, base []string, fn func(*session.Session, *eval.Store)) {
	t.Helper()
	s, err := session.Open(context.Background(), session.Options{DataDir: base[1], CorpusFlag: base[3]})
	goldenMust(t, err)
	ws, err := s.WorkspaceID(context.Background())
	goldenMust(t, err)
	st, err := eval.OpenStore(context.Background(), s.DB, ws)
	goldenMust(t, err)
	fn(s, st)
	goldenMust(t, s.Close())
}

// --baseline last must not diff against a run whose questions errored,
// and must say which run it chose, or that none qualified.
func TestEvalBaselineLastSkipsErroredRunsAndSaysWhichItChose(t *testing.T) {
	base, file := evalWorkspace(t)
	first := decodeEval(t, run(t, nil, append(base, "eval", "--golden", file, "--json")...))
	withEvalStore(t, base, func(_ *session.Session, st *eval.Store) {
		res, err := st.Results(context.Background(), first.RunID)
		goldenMust(t, err)
		res[0].Error, res[0].Scores = "answer: endpoint unreachable", nil
		goldenMust(t, st.SaveResult(context.Background(), res[0]))
	})

	r := run(t, nil, append(base, "eval", "--set", "billing", "--baseline", "last", "--json")...)
	second := decodeEval(t, r)
	ch := second.BaselineChoice
	if r.code != 0 || second.Baseline != nil || ch == nil || ch.RunID != "" || len(ch.Skipped) != 1 ||
		ch.Skipped[0].RunID != first.RunID || !strings.Contains(ch.Skipped[0].Reason, "1 of 3 questions failed with an error") {
		t.Fatalf("exit %d, diff %+v, choice %+v; want no baseline and the errored run named as skipped", r.code, second.Baseline, ch)
	}
	if !strings.Contains(ch.Note, "no earlier run qualifies") {
		t.Fatalf("note %q does not say that no run qualified", ch.Note)
	}

	r = run(t, nil, append(base, "eval", "--set", "billing", "--baseline", "last")...)
	want := "baseline last: run " + second.RunID + " (started " + second.StartedAt + ")"
	if r.code != 0 || !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, "baseline "+second.RunID+": 0 regressions") {
		t.Fatalf("exit %d; stdout lacks %q:\n%s", r.code, want, r.stdout)
	}
}

// A resume after the corpus changed scores the rest against the new corpus:
// it warns, and the run keeps both fingerprints, in the run's own output
// and in `eval show`.
func TestEvalResumeOnAChangedCorpusWarnsAndRecordsBoth(t *testing.T) {
	base, file := evalWorkspace(t)
	first := decodeEval(t, run(t, nil, append(base, "eval", "--golden", file, "--json")...))
	withEvalStore(t, base, func(s *session.Session, st *eval.Store) {
		killed, err := st.Run(context.Background(), first.RunID)
		goldenMust(t, err)
		killed.Status, killed.FinishedAt = eval.StatusRunning, ""
		goldenMust(t, st.PutRun(context.Background(), killed))
		_, err = s.DB.Writer().Exec(`DELETE FROM eval_results WHERE run_id = ? AND question_id = 'Q2'`, first.RunID)
		goldenMust(t, err)
	})
	goldenMust(t, os.WriteFile(filepath.Join(base[3], "content", "trial.md"),
		[]byte("---\nid: help-trial\nstatus: published\n---\n# Free trial\n\nEvery new workspace gets a free trial of 30 days.\n"), 0o644))

	r := run(t, nil, append(base, "eval", "--resume", first.RunID, "--json")...)
	resumed := decodeEval(t, r)
	if r.code != 0 || !strings.Contains(r.stderr, "warning: the corpus changed since run "+first.RunID) {
		t.Fatalf("exit %d; stderr has no corpus warning: %q", r.code, r.stderr)
	}
	check := func(how string, got evalJSON) {
		t.Helper()
		if got.CorpusFingerprint != first.CorpusFingerprint || len(got.CorpusChanges) != 1 {
			t.Fatalf("%s: corpus %q, changes %+v; want the start corpus %q and one change", how, got.CorpusFingerprint, got.CorpusChanges, first.CorpusFingerprint)
		}
		if c := got.CorpusChanges[0]; c.Fingerprint == "" || c.Fingerprint == first.CorpusFingerprint || c.Remaining != 1 {
			t.Fatalf("%s: change %+v; want the new fingerprint for the 1 remaining question", how, c)
		}
		if len(got.Warnings) != 1 || !strings.Contains(got.Warnings[0], got.CorpusChanges[0].Fingerprint) {
			t.Fatalf("%s: warnings %q", how, got.Warnings)
		}
	}
	check("resume", resumed)
	check("eval show", decodeEval(t, run(t, nil, append(base, "eval", "show", first.RunID, "--json")...)))

	r = run(t, nil, append(base, "eval", "show", first.RunID)...)
	newFP := resumed.CorpusChanges[0].Fingerprint
	if r.code != 0 || !strings.Contains(r.stdout, "corpus "+first.CorpusFingerprint+" → "+newFP) || !strings.Contains(r.stdout, "warning: the corpus changed") {
		t.Fatalf("eval show: exit %d\n%s", r.code, r.stdout)
	}
	if r := run(t, nil, append(base, "eval", "show")...); r.code != ExitError || !strings.Contains(r.stderr, "usage") {
		t.Fatalf("eval show without a run: exit %d %q", r.code, r.stderr)
	}
}
