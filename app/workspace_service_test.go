package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/progress"
	"continuity/backend/session"
)

// desktop is every bound service over one real session started with
// --corpus, with jobs whose events land in rec.
func desktop(t *testing.T, rec *recorder, corpus string) *Services {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel) // stops what the services follow (a team server's events)
	t.Setenv("CONTINUITY_CORPUS", "")
	sess, err := session.Open(ctx, session.Options{DataDir: t.TempDir(), CorpusFlag: corpus})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ready := make(chan struct{})
	close(ready)
	return newServices(&core{ctx: ctx, sess: sess, log: log, startupDone: ready, emit: rec, jobs: newJobs(ctx, rec, log)})
}

// shippingWorkspace is a one-document corpus sharing nothing with the sample.
func shippingWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	doc := "---\nid: help-shipping\nstatus: published\n---\n# Shipping\n\nOrders ship within two business days.\n"
	if err := os.WriteFile(filepath.Join(root, "content", "shipping.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func mustOK(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Choosing a folder in the desktop takes effect at once: the session
// switches (replacing --corpus), the index syncs to the new content and
// prunes the old, the lists show the new workspace's items only, and the
// old workspace's come back with it.
func TestDesktopSwitchesWorkspaceAtOnce(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	rec := &recorder{}
	a, b := checkWorkspace(t), shippingWorkspace(t)
	svc := desktop(t, rec, a)

	sum, err := svc.Corpus.Summary()
	mustOK(t, err)
	if sum.Source != string(session.FromFlag) || sum.Root != a || sum.SavedDir != "" || sum.ID == "" {
		t.Fatalf("at start: %+v; want the --corpus folder in force", sum)
	}
	// A's items: a golden set, a check with a 👎
	_, err = svc.Golden.CreateSet("billing", "A's questions")
	mustOK(t, err)
	done := runCheckJob(t, svc.Check, rec, voiceAndClaimsDraft, "offline")
	if !done.OK {
		t.Fatalf("check in A: %+v", done)
	}
	hist, err := svc.Check.ListHistory()
	mustOK(t, err)
	mustOK(t, svc.Check.SetFeedback(hist[0].ID, 0, "down", "wrong"))

	// a switch waits for running work
	block := make(chan struct{})
	svc.Corpus.c.jobs.start("eval", func(ctx context.Context, _ progress.Func) (any, error) { <-block; return nil, nil })
	if _, err := svc.Corpus.SwitchWorkspace(b); !errors.Is(err, ErrJobsRunning) {
		t.Fatalf("switch during a job: %v, want ErrJobsRunning", err)
	}
	close(block)
	svc.Corpus.c.jobs.wait()

	sw, err := svc.Corpus.SwitchWorkspace(b)
	mustOK(t, err)
	if sw.Workspace.Root != b || sw.Workspace.Source != string(session.FromSettings) || sw.Workspace.SavedDir != b || sw.Workspace.ID == sum.ID || sw.JobID == "" {
		t.Fatalf("switch to B: %+v", sw)
	}
	svc.Corpus.c.jobs.wait()
	last := rec.syncsDone()[len(rec.syncsDone())-1]
	if rep, ok := last.Result.(SyncReportDTO); !last.OK || !ok || rep.Documents != 1 || rep.Removed == 0 {
		t.Fatalf("the switch's sync: %+v; want B's one document, A's pruned", last)
	}
	st, err := svc.Corpus.IndexStats()
	mustOK(t, err)
	if st.Documents != 1 || st.SyncedDir != filepath.Join(b, "content") {
		t.Fatalf("index after the switch: %+v", st)
	}
	conf, err := svc.Settings.Get()
	mustOK(t, err)
	if conf.CorpusDir != b {
		t.Fatalf("the chosen folder is not saved: corpus_dir %q", conf.CorpusDir)
	}

	// B shows none of A's items
	sets, err := svc.Golden.ListSets()
	mustOK(t, err)
	hist, err = svc.Check.ListHistory()
	mustOK(t, err)
	triage, err := svc.Check.ListTriage()
	mustOK(t, err)
	runs, err := svc.Eval.ListRuns("")
	mustOK(t, err)
	if len(sets) != 0 || len(hist) != 0 || len(triage) != 0 || len(runs) != 0 {
		t.Fatalf("B shows sets %+v, history %+v, triage %+v, runs %+v", sets, hist, triage, runs)
	}

	// back to A: its items are intact
	_, err = svc.Corpus.SwitchWorkspace(a)
	mustOK(t, err)
	svc.Corpus.c.jobs.wait()
	sets, err = svc.Golden.ListSets()
	mustOK(t, err)
	hist, err = svc.Check.ListHistory()
	mustOK(t, err)
	triage, err = svc.Check.ListTriage()
	mustOK(t, err)
	if len(sets) != 1 || sets[0].Name != "billing" || len(hist) != 1 || len(triage) != 1 {
		t.Fatalf("A after coming back: sets %+v, history %+v, triage %+v", sets, hist, triage)
	}
}

// The desktop's estimate, shown before a run starts, says when the set's
// reference documents are not in the index.
func TestDesktopEstimateWarnsAboutMissingReferences(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	svc := desktop(t, &recorder{}, shippingWorkspace(t))
	cases := []struct {
		name, refs string
		missing    []string
		warning    string
	}{
		{"every reference indexed", "help-shipping", nil, ""},
		{"a reference of another corpus", "help-shipping, help-refund-policy", []string{"help-refund-policy"},
			"1 reference document of this set is not in the index (help-refund-policy)"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			set := []string{"first", "second"}[i]
			_, err := svc.Golden.CreateSet(set, "")
			mustOK(t, err)
			v, err := svc.Golden.AddRow(set)
			mustOK(t, err)
			id := v.Rows[0].ID
			_, err = svc.Golden.UpdateCell(set, id, string(golden.FieldQuestion), "How fast do orders ship?")
			mustOK(t, err)
			_, err = svc.Golden.UpdateCell(set, id, string(golden.FieldReferenceDocIDs), c.refs)
			mustOK(t, err)
			e, err := svc.Eval.Estimate(set, "offline", 1)
			mustOK(t, err)
			if strings.Join(e.MissingRefs, ",") != strings.Join(c.missing, ",") || !strings.Contains(e.Warning, c.warning) || (c.warning == "") != (e.Warning == "") {
				t.Fatalf("estimate missing %v, warning %q; want %v, %q", e.MissingRefs, e.Warning, c.missing, c.warning)
			}
		})
	}
}
