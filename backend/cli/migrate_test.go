package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/golden"
	"continuity/backend/session"
	"continuity/backend/settings"
	"continuity/backend/store"
	"continuity/backend/workspace"
)

// previousRelease builds the database the release before workspaces left:
// each component's migrations up to the version it had then, with a golden
// set, a finished run with its result, a pinned baseline, a threshold, a
// check and a 👎 triage item, written in that release's columns. corpusDir
// is the corpus folder saved in Settings ("" for none).
func previousRelease(t *testing.T, data, corpusDir string) {
	t.Helper()
	ctx := context.Background()
	db, err := store.OpenDir(ctx, data)
	goldenMust(t, err)
	defer db.Close()
	for _, m := range []struct {
		component string
		steps     []store.Migration
	}{
		{golden.Component, golden.Migrations()[:1]},
		{eval.Component, eval.Migrations()[:1]},
		{evalrun.BaselineComponent, evalrun.BaselineMigrations()[:1]},
		{evalrun.ThresholdComponent, evalrun.ThresholdMigrations()[:1]},
		{check.Component, check.Migrations()[:2]},
	} {
		goldenMust(t, db.Migrate(ctx, m.component, m.steps))
	}
	conf, err := settings.NewRepo(ctx, db)
	goldenMust(t, err)
	st := settings.Defaults()
	st.CorpusDir = corpusDir
	goldenMust(t, conf.Save(ctx, st))

	rows, _ := json.Marshal([]golden.Row{{ID: "Q001", Question: "How long is the refund window?", Category: golden.Routine,
		ApprovedAnswer: "30 days.", ReferenceDocIDs: []string{"help-refund"}}})
	meta, _ := json.Marshal(eval.Run{ID: "20250101T000000Z-0ld0ld", Status: eval.StatusDone, StartedAt: "2025-01-01T00:00:00Z",
		Engine: engine.Offline, GoldenSet: "legacy", GoldenVersion: "1", Questions: 1, Thresholds: map[eval.Metric]float64{}})
	result, _ := json.Marshal(eval.QuestionResult{RunID: "20250101T000000Z-0ld0ld", QuestionID: "Q001", Category: eval.Routine,
		Scores: map[eval.Metric]eval.Score{eval.IDContextRecall: {Value: 1, Method: "ids"}}})
	report, _ := json.Marshal(check.Report{Engine: "offline", Claims: []check.Claim{{Text: "Refunds take 14 days.", Verdict: "contradicted"}},
		Summary: claims.Summary{Contradicted: 1}})
	for _, ins := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO golden_sets(name, description, created_at, current_version) VALUES('legacy', '', '2025-01-01T00:00:00Z', 1)`, nil},
		{`INSERT INTO golden_versions(set_name, version, saved_at, saved_by, summary, row_count, rows_json)
			VALUES('legacy', 1, '2025-01-01T00:00:00Z', 'ana', 'import', 1, ?)`, []any{string(rows)}},
		{`INSERT INTO eval_runs(id, golden_set, status, started_at, meta) VALUES('20250101T000000Z-0ld0ld', 'legacy', 'done', '2025-01-01T00:00:00Z', ?)`, []any{string(meta)}},
		{`INSERT INTO eval_results(run_id, question_id, failed, result) VALUES('20250101T000000Z-0ld0ld', 'Q001', 0, ?)`, []any{string(result)}},
		{`INSERT INTO eval_baselines(golden_set, run_id) VALUES('legacy', '20250101T000000Z-0ld0ld')`, nil},
		{`INSERT INTO eval_thresholds(golden_set, metric, threshold) VALUES('legacy', 'faithfulness', 0.42)`, nil},
		{`INSERT INTO checks(id, created_at, source, title, draft, engine, model, prompt_versions, report_json)
			VALUES(7, '2025-01-01T00:00:00Z', 'cli', 'Refunds', 'Refunds take 14 days.', 'offline', '', '{}', ?)`, []any{string(report)}},
		{`INSERT INTO check_feedback(check_id, claim_index, vote, note, claim_text, verdict, chunk_ids, engine, model, draft_title, updated_at)
			VALUES(7, 0, 'down', 'the old page', 'Refunds take 14 days.', 'contradicted', '["help-refund#0"]', 'offline', '', 'Refunds', '2025-01-01T00:00:00Z')`, nil},
	} {
		_, err := db.Writer().Exec(ins.sql, ins.args...)
		goldenMust(t, err)
	}
}

// A database made by the previous release opens, and its golden set, run,
// baseline, threshold, check and triage item stay visible under the
// workspace configured when it is first opened (the corpus folder in
// Settings, else the bundled sample), with one log line saying so; another
// workspace sees none of it.
func TestPreviousReleaseDataStaysWithTheConfiguredWorkspace(t *testing.T) {
	corpus := t.TempDir()
	goldenMust(t, os.WriteFile(filepath.Join(corpus, "refunds.md"),
		[]byte("---\nid: help-refund\n---\n# Refunds\n\nRefunds take 30 days.\n"), 0o644))
	cases := []struct {
		name, saved string
		corpusArgs  func(data string) []string // how the configured workspace is opened again
		wantFrom    string
	}{
		{"the corpus folder saved in Settings", corpus, func(string) []string { return nil }, "chosen_from=settings"},
		{"no folder saved: the bundled sample", "", func(string) []string { return nil }, "chosen_from=sample"},
		{"the same folder named by --corpus", corpus, func(string) []string { return []string{"--corpus", corpus} }, "chosen_from=settings"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "data")
			previousRelease(t, data, c.saved)
			base := append([]string{"--data", data}, c.corpusArgs(data)...)

			r := run(t, nil, append(base, "golden", "list", "--json")...)
			sets := decodeList[golden.Set](t, r)
			if len(sets) != 1 || sets[0].Name != "legacy" || sets[0].RowCount != 1 {
				t.Fatalf("golden list after the upgrade: %+v", sets)
			}
			if !strings.Contains(r.stderr, "could not be attributed") || !strings.Contains(r.stderr, c.wantFrom) ||
				!strings.Contains(r.stderr, "golden_sets=1") || !strings.Contains(r.stderr, "check_feedback=1") {
				t.Errorf("no log line saying where the old data went: %q", r.stderr)
			}
			if again := run(t, nil, append(base, "golden", "list", "--json")...); strings.Contains(again.stderr, "could not be attributed") {
				t.Errorf("the notice repeats on the next open: %q", again.stderr)
			}
			runs := decodeList[eval.Run](t, run(t, nil, append(base, "eval", "list", "--json")...))
			if len(runs) != 1 || runs[0].ID != "20250101T000000Z-0ld0ld" {
				t.Fatalf("eval list after the upgrade: %+v", runs)
			}
			var shown evalJSON
			goldenMust(t, json.Unmarshal([]byte(run(t, nil, append(base, "eval", "show", runs[0].ID, "--json")...).stdout), &shown))
			if m := shown.Metrics[string(eval.IDContextRecall)]; m.Mean == nil || *m.Mean != 1 {
				t.Fatalf("the old run's result is gone: %+v", shown.Metrics)
			}
			var gate thresholdsJSON
			goldenMust(t, json.Unmarshal([]byte(run(t, nil, append(base, "eval", "thresholds", "--set", "legacy", "--json")...).stdout), &gate))
			if f := gate.Thresholds[0]; f.Threshold == nil || *f.Threshold != 0.42 || !f.Custom {
				t.Fatalf("the old threshold: %+v", f)
			}
			opts := session.Options{DataDir: data}
			if len(base) > 2 {
				opts.CorpusFlag = corpus
			} else if c.saved == "" {
				opts.Sample = os.DirFS(corpus)
			}
			inSession(t, opts, func(ctx context.Context, s *session.Session, ws string) {
				list, triage := history(t, ctx, s, ws)
				if len(list) != 1 || list[0].ID != 7 || len(triage) != 1 || triage[0].Note != "the old page" {
					t.Fatalf("history %+v, triage %+v", list, triage)
				}
				if pinned, err := evalrun.PinnedBaseline(ctx, s.DB, ws, "legacy"); err != nil || pinned != "20250101T000000Z-0ld0ld" {
					t.Fatalf("pinned baseline %q, %v", pinned, err)
				}
				for component, want := range map[string]int{workspace.Component: 1, golden.Component: 2, eval.Component: 2,
					evalrun.BaselineComponent: 2, evalrun.ThresholdComponent: 2, check.Component: len(check.Migrations())} {
					if v, err := s.DB.SchemaVersion(ctx, component); err != nil || v != want {
						t.Errorf("%s at version %d, %v; want %d", component, v, err, want)
					}
				}
			})
			other := run(t, nil, "--data", data, "--corpus", t.TempDir(), "golden", "list", "--json")
			if sets := decodeList[golden.Set](t, other); len(sets) != 0 {
				t.Fatalf("another workspace sees the old sets: %+v", sets)
			}
		})
	}
}

// inSession is inWorkspace with any session options.
func inSession(t *testing.T, o session.Options, fn func(context.Context, *session.Session, string)) {
	t.Helper()
	ctx := context.Background()
	s, err := session.Open(ctx, o)
	goldenMust(t, err)
	defer s.Close()
	id, err := s.WorkspaceID(ctx)
	goldenMust(t, err)
	fn(ctx, s, id)
}
