package evalrun

import (
	"context"
	"errors"
	"strings"
	"testing"

	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/scorecard"
	"continuity/backend/store"
)

// thresholdDB is a real SQLite file with one golden set named "billing".
func thresholdDB(t *testing.T) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.OpenDir(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	repo, err := golden.NewRepo(ctx, db, testWS)
	if err != nil {
		t.Fatal(err)
	}
	rows := []golden.Row{{ID: "Q1", Question: "How long is the refund window?", Category: golden.Routine, ReferenceDocIDs: []string{"help-refund"}}}
	if _, err := repo.Save(ctx, "billing", "", "test", "import", rows); err != nil {
		t.Fatal(err)
	}
	return db
}

func thr(v float64) *float64 { return &v }

// testWS is the workspace id the tests on a bare database keep things under.
const testWS = "ws-test"

func TestSaveThresholdsValidatesAndPersists(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		set     string
		edits   []scorecard.ThresholdEdit
		want    scorecard.Thresholds // effective after the save; nil when it must fail
		custom  int
		wantErr string
	}{
		{name: "raise faithfulness", set: "billing", edits: []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Threshold: thr(0.95)}},
			want: scorecard.Thresholds{eval.Faithfulness: 0.95, eval.AnswerRelevancy: 0.8, eval.ContextRecall: 0.8, eval.IDContextRecall: 0.8}, custom: 1},
		{name: "advisory and a new gate", set: "billing", edits: []scorecard.ThresholdEdit{{Metric: eval.AnswerRelevancy}, {Metric: eval.ContextPrecision, Threshold: thr(0.4)}},
			want: scorecard.Thresholds{eval.Faithfulness: 0.9, eval.ContextPrecision: 0.4, eval.ContextRecall: 0.8, eval.IDContextRecall: 0.8}, custom: 2},
		{name: "reset of an untouched metric is a no-op", set: "billing", edits: []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Reset: true}},
			want: scorecard.DefaultThresholds()},
		{name: "unknown metric", set: "billing", edits: []scorecard.ThresholdEdit{{Metric: "bleu", Threshold: thr(0.5)}}, wantErr: `unknown metric "bleu"`},
		{name: "above one, nothing saved", set: "billing", edits: []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Threshold: thr(0.5)}, {Metric: eval.ContextRecall, Threshold: thr(1.2)}},
			wantErr: "context_recall threshold must be a number between 0 and 1, got 1.2"},
		{name: "duplicate metric", set: "billing", edits: []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Threshold: thr(0.5)}, {Metric: eval.Faithfulness}},
			wantErr: "faithfulness is given more than once"},
		{name: "unknown set", set: "nope", edits: []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Threshold: thr(0.5)}}, wantErr: `golden set "nope" not found`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := thresholdDB(t)
			g, err := SaveThresholds(ctx, db, testWS, c.set, c.edits)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				if c.set == "billing" { // a rejected batch leaves the set's gate alone
					g, err := Thresholds(ctx, db, testWS, "billing")
					if err != nil || len(g.Custom) != 0 || len(g.Thresholds) != 4 {
						t.Fatalf("after a rejected save: %+v, %v", g, err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			again, err := Thresholds(ctx, db, testWS, c.set)
			if err != nil {
				t.Fatal(err)
			}
			for _, got := range []SetGate{g, again} {
				if !sameThresholds(got.Thresholds, c.want) || len(got.Custom) != c.custom {
					t.Fatalf("gate = %+v, want %v with %d custom", got, c.want, c.custom)
				}
			}
		})
	}
}

func TestScorecardUsesTheRunsRecordedThresholds(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := thresholdDB(t)
	st, err := eval.OpenStore(ctx, db, testWS)
	if err != nil {
		t.Fatal(err)
	}
	res := eval.QuestionResult{QuestionID: "Q1", Category: eval.Routine, Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: 0.6}}}
	g, err := SaveThresholds(ctx, db, testWS, "billing", []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Threshold: thr(0.5)}})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		recorded map[eval.Metric]float64
		want     *float64 // faithfulness threshold on the scorecard
		pass     bool
	}{
		{"recorded at run time", g.Thresholds, thr(0.5), true},
		{"all advisory", map[eval.Metric]float64{}, nil, true},
		{"recorded before thresholds were stored", nil, thr(0.9), false},
	}
	for i, c := range cases {
		run := eval.Run{ID: "run" + string(rune('a'+i)), GoldenSet: "billing", Status: eval.StatusDone, StartedAt: "2025-01-0" + string(rune('1'+i)) + "T00:00:00Z",
			Questions: 1, Thresholds: c.recorded}
		if err := st.PutRun(ctx, run); err != nil {
			t.Fatal(err)
		}
		r := res
		r.RunID = run.ID
		if err := st.SaveResult(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	// Editing the set afterwards must not change any recorded scorecard.
	if _, err := SaveThresholds(ctx, db, testWS, "billing", []scorecard.ThresholdEdit{{Metric: eval.Faithfulness, Threshold: thr(0.99)}}); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c2, err := BuildCard(ctx, db, st, "run"+string(rune('a'+i)), BaselineNone)
			if err != nil {
				t.Fatal(err)
			}
			m := c2.Scorecard.Metrics[string(eval.Faithfulness)]
			if (m.Threshold == nil) != (c.want == nil) || (c.want != nil && *m.Threshold != *c.want) || c2.Scorecard.Gate.Pass != c.pass {
				t.Fatalf("faithfulness %+v, gate %+v; want threshold %v pass %v", m, c2.Scorecard.Gate, c.want, c.pass)
			}
		})
	}
}

func TestThresholdsOfAnUnknownSet(t *testing.T) {
	t.Parallel()
	_, err := Thresholds(context.Background(), thresholdDB(t), testWS, "missing")
	if !errors.Is(err, golden.ErrNotFound) {
		t.Fatalf("err = %v, want golden.ErrNotFound", err)
	}
}

func sameThresholds(a, b scorecard.Thresholds) bool {
	if len(a) != len(b) {
		return false
	}
	for m, v := range b {
		if g, ok := a[m]; !ok || g != v {
			return false
		}
	}
	return true
}
