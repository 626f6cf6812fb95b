package calibrate_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"continuity/backend/calibrate"
	"continuity/backend/calibrate/calibtest"
	"continuity/backend/calibrate/stored"
	"continuity/backend/progress"
	"continuity/backend/session"
)

func openSession(t *testing.T, root string) *session.Session {
	t.Helper()
	s, err := session.Open(context.Background(), session.Options{DataDir: t.TempDir(), CorpusFlag: root})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// The acceptance test of issue 28 item 5 on real parts: a git workspace,
// its history imported, every usable change turned into two pairs and
// judged, the per-kind numbers reported, and the threshold saved only as
// the held-out result allows, then reset.
func TestCalibrateOnAWorkspacesHistory(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openSession(t, calibtest.Workspace(t, calibtest.Edits()))
	res, err := calibrate.Run(ctx, s, calibrate.Options{DryRun: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !res.History.Ran {
		t.Fatalf("history import did not run: %s", res.History.Skipped)
	}
	wantKinds := map[calibrate.Kind]int{calibrate.KindValue: 7, calibrate.KindName: 3, calibrate.KindPolarity: 3}
	for _, k := range res.Kinds {
		if k.Changes != wantKinds[k.Kind] {
			t.Errorf("%s: %d changes, want %d", k.Kind, k.Changes, wantKinds[k.Kind])
		}
		if k.Before.Old+k.Before.Current+res.NoClaim < 2*k.Changes {
			t.Errorf("%s: %d+%d pairs judged of %d changes (%d without a claim)", k.Kind, k.Before.Old, k.Before.Current, k.Changes, res.NoClaim)
		}
	}
	if res.Changes != 13 || res.Documents != 3 || res.Skipped[calibrate.SkipReworded] != 1 {
		t.Errorf("%d changes in %d documents, skipped %v; want 13 in 3, one reworded", res.Changes, res.Documents, res.Skipped)
	}
	if res.Pairs+res.NoClaim != 2*res.Changes {
		t.Errorf("%d pairs + %d without a claim, want %d", res.Pairs, res.NoClaim, 2*res.Changes)
	}
	all := res.All.Before
	if all.Recall == nil || *all.Recall < 0.5 {
		t.Errorf("recall at the model's threshold %v, want at least half the old facts caught: %+v", all.Recall, all)
	}
	if all.Threshold != res.DefaultThreshold || !res.All.After.HeldOut {
		t.Errorf("before at %.3f (model's %.3f), after held out %v", all.Threshold, res.DefaultThreshold, res.All.After.HeldOut)
	}
	if res.Saved || !strings.HasPrefix(res.Decision, "dry run") && !strings.HasPrefix(res.Decision, "not saved") {
		t.Errorf("dry run saved %v, decision %q", res.Saved, res.Decision)
	}
	if _, ok, err := calibrate.Saved(ctx, s); ok || err != nil {
		t.Fatalf("a dry run stored a threshold (%v, %v)", ok, err)
	}
	t.Logf("before %+v after %+v threshold %.3f (%s)", all, res.All.After, res.Threshold, res.Decision)

	res, err = calibrate.Run(ctx, s, calibrate.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, ok, err := calibrate.Saved(ctx, s)
	if err != nil || ok != res.Saved {
		t.Fatalf("saved %v, stored %v (%v)", res.Saved, ok, err)
	}
	if ok && (got.Threshold != res.Threshold || got.Model != res.Model || got.Changes != res.Changes || got.Pairs != res.Pairs) {
		t.Errorf("stored %+v, calibrated %.3f for %s on %d changes, %d pairs", got, res.Threshold, res.Model, res.Changes, res.Pairs)
	}
	removed, err := calibrate.Reset(ctx, s)
	if err != nil || removed != ok {
		t.Fatalf("reset removed %v (%v), want %v", removed, err, ok)
	}
	if _, ok, _ := calibrate.Saved(ctx, s); ok {
		t.Error("a threshold is still stored after reset")
	}
}

func TestCalibrateRefusesTooFewChanges(t *testing.T) {
	t.Parallel()
	s := openSession(t, calibtest.Workspace(t, 3))
	_, err := calibrate.Run(context.Background(), s, calibrate.Options{}, nil)
	var few *calibrate.TooFewError
	if !errors.As(err, &few) || few.Changes != 3 {
		t.Fatalf("got %v, want a TooFewError with 3 changes", err)
	}
	if want := "too few changes: 3 (6 pairs), need at least 10 (20 pairs)"; err.Error() != want {
		t.Errorf("message %q, want %q", err.Error(), want)
	}
	if _, ok, _ := stored.Load(context.Background(), s.DB, mustID(t, s)); ok {
		t.Error("a refused calibration stored a threshold")
	}
}

func TestCalibrateCancels(t *testing.T) {
	t.Parallel()
	s := openSession(t, calibtest.Workspace(t, calibtest.Edits()))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	judged := 0
	cancelMidway := func(e progress.Event) {
		if e.Stage == "calibrating" {
			judged = e.Done
			if e.Done == 2 {
				cancel()
			}
		}
	}
	if _, err := calibrate.Run(ctx, s, calibrate.Options{}, cancelMidway); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if judged != 2 {
		t.Errorf("judging went on to change %d after the cancel", judged)
	}
	if _, ok, _ := calibrate.Saved(context.Background(), s); ok {
		t.Error("a cancelled calibration stored a threshold")
	}
}

func mustID(t *testing.T, s *session.Session) string {
	t.Helper()
	id, err := s.WorkspaceID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return id
}
