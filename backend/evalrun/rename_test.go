package evalrun

import (
	"context"
	"errors"
	"testing"

	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/scorecard"
	"continuity/backend/store"
)

// storedRuns records two finished runs of "billing" in db, pins the first
// as its baseline and raises its faithfulness gate.
func storedRuns(t *testing.T, db *store.DB) *eval.Store {
	t.Helper()
	ctx := context.Background()
	st, err := eval.OpenStore(ctx, db, testWS)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"run-1", "run-2"} {
		run := eval.Run{ID: id, Status: eval.StatusDone, StartedAt: "2026-01-0" + string(rune('1'+i)) + "T00:00:00Z",
			GoldenSet: "billing", GoldenVersion: "1", Questions: 1, Thresholds: map[eval.Metric]float64{eval.IDContextRecall: 0.8}}
		if err := st.PutRun(ctx, run); err != nil {
			t.Fatal(err)
		}
		res := eval.QuestionResult{RunID: id, QuestionID: "Q1", Question: "How long is the refund window?",
			Scores: map[eval.Metric]eval.Score{eval.IDContextRecall: {Value: 1, Method: "ids"}}}
		if err := st.SaveResult(ctx, res); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := PinBaseline(ctx, db, st, "run-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := SaveThresholds(ctx, db, testWS, "billing", []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Threshold: thr(0.95)}}); err != nil {
		t.Fatal(err)
	}
	return st
}

func TestRenameSetCarriesRunsBaselineAndThresholds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := thresholdDB(t)
	st := storedRuns(t, db)

	s, err := RenameSet(ctx, db, testWS, "billing", "Billing FAQ")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "Billing FAQ" || s.Version != 1 {
		t.Fatalf("renamed set %+v", s)
	}
	repo, err := golden.NewRepo(ctx, db, testWS)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Set(ctx, "billing"); !errors.Is(err, golden.ErrNotFound) {
		t.Fatalf("the old name still resolves: %v", err)
	}
	if rows, err := repo.Rows(ctx, "Billing FAQ"); err != nil || len(rows) != 1 {
		t.Fatalf("rows under the new name %+v (%v)", rows, err)
	}
	cases := []struct {
		name  string
		check func() error
	}{
		{"runs are listed under the new name", func() error {
			runs, err := st.Runs(ctx, "Billing FAQ")
			if err == nil && (len(runs) != 2 || runs[0].GoldenSet != "Billing FAQ") {
				err = errors.New("runs did not move")
			}
			return err
		}},
		{"no run is left under the old name", func() error {
			if runs, err := st.Runs(ctx, "billing"); err != nil || len(runs) != 0 {
				return errors.New("runs left behind")
			}
			return nil
		}},
		{"the pinned baseline and the trend follow", func() error {
			c, err := BuildCard(ctx, db, st, "run-2", BaselinePinned)
			if err == nil && (c.Pinned != "run-1" || c.Baseline == nil || c.Baseline.RunID != "run-1" || len(c.Trend) != 2) {
				err = errors.New("baseline or trend lost")
			}
			return err
		}},
		{"the gate thresholds follow", func() error {
			g, err := Thresholds(ctx, db, testWS, "Billing FAQ")
			if err == nil && (g.Thresholds[eval.Faithfulness] != 0.95 || !g.Custom[eval.Faithfulness]) {
				err = errors.New("thresholds lost")
			}
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.check(); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestRenameSetRefusesATakenName(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := thresholdDB(t)
	st := storedRuns(t, db)
	repo, err := golden.NewRepo(ctx, db, testWS)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := repo.Create(ctx, "taken", "", "test"); err != nil {
		t.Fatal(err)
	}
	if _, err := RenameSet(ctx, db, testWS, "billing", "taken"); !errors.Is(err, golden.ErrExists) {
		t.Fatalf("rename onto a taken name: %v", err)
	}
	if runs, err := st.Runs(ctx, "billing"); err != nil || len(runs) != 2 {
		t.Fatalf("a refused rename moved runs: %d (%v)", len(runs), err)
	}
}

// Deleting a set removes its questions and history, never its runs: a
// past run's scorecard still reads, with its baseline and trend.
func TestDeletedSetKeepsPastRunsReadable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := thresholdDB(t)
	st := storedRuns(t, db)
	repo, err := golden.NewRepo(ctx, db, testWS)
	if err != nil {
		t.Fatal(err)
	}
	if err := repo.Delete(ctx, "billing"); err != nil {
		t.Fatal(err)
	}
	c, err := BuildCard(ctx, db, st, "run-2", BaselineLast)
	if err != nil {
		t.Fatal(err)
	}
	if c.Scorecard.Run.GoldenSet != "billing" || c.Baseline == nil || c.Baseline.RunID != "run-1" || len(c.Trend) != 2 {
		t.Fatalf("card of a deleted set's run: run %+v, baseline %+v, trend %d", c.Scorecard.Run, c.Baseline, len(c.Trend))
	}
	if runs, err := st.Runs(ctx, ""); err != nil || len(runs) != 2 {
		t.Fatalf("runs after delete: %d (%v)", len(runs), err)
	}
}
