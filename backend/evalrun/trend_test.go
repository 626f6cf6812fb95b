package evalrun

import (
	"context"
	"path/filepath"
	"testing"

	"continuity/backend/eval"
	"continuity/backend/store"
)

func TestAFinishedRunsTrendPointIsComputedOnceUntilItIsResumed(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st, err := eval.OpenStore(ctx, db, "ws")
	if err != nil {
		t.Fatal(err)
	}
	run := eval.Run{ID: "r1", Status: eval.StatusDone, StartedAt: "2026-12-07T06:00:00Z", FinishedAt: "2026-12-07T06:01:00Z", GoldenSet: "s", Thresholds: map[eval.Metric]float64{}}
	res := []eval.QuestionResult{{RunID: "r1", QuestionID: "Q1", Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: 0.5}}}}
	if err := st.Import(ctx, run, res); err != nil {
		t.Fatal(err)
	}
	mean := func() float64 {
		t.Helper()
		runs, err := st.Runs(ctx, "s")
		if err != nil {
			t.Fatal(err)
		}
		pts, err := SetTrend(ctx, db, st, runs, nil)
		if err != nil || len(pts) != 1 {
			t.Fatalf("trend: %+v %v", pts, err)
		}
		m := pts[0].Means[string(eval.Faithfulness)]
		if m == nil {
			return -1
		}
		return *m
	}
	if got := mean(); got != 0.5 {
		t.Fatalf("first trend: faithfulness %v, want 0.5", got)
	}
	// a stored point is read, not recomputed: a changed result is not seen…
	res[0].Scores[eval.Faithfulness] = eval.Score{Value: 0.9}
	if err := st.SaveResult(ctx, res[0]); err != nil {
		t.Fatal(err)
	}
	if got := mean(); got != 0.5 {
		t.Fatalf("second trend: %v, want the stored 0.5", got)
	}
	// …until the run finishes again (a resume), which changes its key
	run.FinishedAt = "2026-12-07T07:00:00Z"
	if err := st.PutRun(ctx, run); err != nil {
		t.Fatal(err)
	}
	if got := mean(); got != 0.9 {
		t.Fatalf("after the run finished again: %v, want 0.9", got)
	}
}
