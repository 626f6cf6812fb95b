package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/check"
	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/golden"
	"continuity/backend/session"
	"continuity/backend/xlsx"
)

// otherWorkspace writes a second corpus with a golden workbook of the
// same set name, "billing", whose questions cite only its own documents.
func otherWorkspace(t *testing.T) (string, string) {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	goldenMust(t, os.WriteFile(filepath.Join(ws, "content", "shipping.md"),
		[]byte("---\nid: help-shipping\nstatus: published\n---\n# Shipping\n\nOrders ship within two business days.\n"), 0o644))
	file := filepath.Join(dir, "billing.xlsx")
	goldenMust(t, xlsx.WriteFile(file, []golden.Row{{ID: "Q1", Question: "How fast do orders ship?", Category: golden.Routine,
		ApprovedAnswer: "Orders ship within two business days.", ReferenceDocIDs: []string{"help-shipping"},
		SupportingLine: "ship within two business days"}}))
	return ws, file
}

// inWorkspace opens the session of one workspace (its --data and --corpus)
// for what the CLI has no command for: the check history, triage votes and
// a pinned baseline, as the desktop reads and writes them.
func inWorkspace(t *testing.T, data, corpus string, fn func(context.Context, *session.Session, string)) {
	t.Helper()
	ctx := context.Background()
	s, err := session.Open(ctx, session.Options{DataDir: data, CorpusFlag: corpus})
	goldenMust(t, err)
	defer s.Close()
	id, err := s.WorkspaceID(ctx)
	goldenMust(t, err)
	fn(ctx, s, id)
}

func history(t *testing.T, ctx context.Context, s *session.Session, ws string) ([]check.Entry, []check.Feedback) {
	t.Helper()
	repo, err := check.NewRepo(ctx, s.DB, ws)
	goldenMust(t, err)
	list, err := repo.List(ctx)
	goldenMust(t, err)
	triage, err := repo.Triage(ctx)
	goldenMust(t, err)
	return list, triage
}

func decodeList[T any](t *testing.T, r result) []T {
	t.Helper()
	var out []T
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || r.code != ExitOK {
		t.Fatalf("exit %d, stdout is not a JSON list: %v\n%s\n%s", r.code, err, r.stdout, r.stderr)
	}
	return out
}

// Two workspaces used in turn from the CLI (--corpus A then --corpus B,
// same --data): B lists none of A's golden sets, runs, checks or triage
// items, keeps a set of the same name independently, and A's items are
// intact on the way back.
func TestWorkspacesUsedInTurnKeepTheirOwnItems(t *testing.T) {
	a, fileA := evalWorkspace(t)
	data, wsA := a[1], a[3]
	wsB, fileB := otherWorkspace(t)
	b := []string{"--data", data, "--corpus", wsB}

	// A: a golden set, a run, a threshold, a check with a 👎, a pinned baseline
	runA := decodeEval(t, run(t, nil, append(a, "eval", "--golden", fileA, "--json")...))
	if r := run(t, nil, append(a, "eval", "thresholds", "--set", "billing", "faithfulness=0.5")...); r.code != ExitOK {
		t.Fatalf("thresholds in A: exit %d, %s", r.code, r.stderr)
	}
	draft := writeDraft(t, "a.md", "You can get a full refund within 30 days of purchase.\n")
	if r := run(t, nil, append(a, "check", "--engine", "offline", "--json", draft)...); r.code == ExitError {
		t.Fatalf("check in A: %s", r.stderr)
	}
	inWorkspace(t, data, wsA, func(ctx context.Context, s *session.Session, ws string) {
		list, _ := history(t, ctx, s, ws)
		repo, err := check.NewRepo(ctx, s.DB, ws)
		goldenMust(t, err)
		goldenMust(t, repo.SetFeedback(ctx, list[0].ID, 0, check.VoteDown, "wrong source"))
		st, err := eval.OpenStore(ctx, s.DB, ws)
		goldenMust(t, err)
		_, err = evalrun.PinBaseline(ctx, s.DB, st, runA.RunID)
		goldenMust(t, err)
	})

	// B shows nothing of A's
	if sets := decodeList[golden.Set](t, run(t, nil, append(b, "golden", "list", "--json")...)); len(sets) != 0 {
		t.Fatalf("golden list in B shows %+v", sets)
	}
	if r := run(t, nil, append(b, "golden", "list")...); !strings.Contains(r.stderr, "no golden sets in workspace "+wsB) {
		t.Errorf("an empty list does not say which workspace it is of: %q", r.stderr)
	}
	if runs := decodeList[eval.Run](t, run(t, nil, append(b, "eval", "list", "--json")...)); len(runs) != 0 {
		t.Fatalf("eval list in B shows %+v", runs)
	}
	r := run(t, nil, append(b, "eval", "show", runA.RunID)...)
	if r.code != ExitError || !strings.Contains(r.stderr, "not found") || !strings.Contains(r.stderr, "in workspace "+wsB) {
		t.Fatalf("eval show of A's run in B: exit %d, %q", r.code, r.stderr)
	}
	if r := run(t, nil, append(b, "eval", "thresholds", "--set", "billing")...); r.code != ExitError || !strings.Contains(r.stderr, `golden set "billing" not found`) {
		t.Fatalf("A's thresholds in B: exit %d, %q", r.code, r.stderr)
	}
	inWorkspace(t, data, wsB, func(ctx context.Context, s *session.Session, ws string) {
		if list, triage := history(t, ctx, s, ws); len(list) != 0 || len(triage) != 0 {
			t.Fatalf("B's check history %+v, triage %+v", list, triage)
		}
	})

	// B's own "billing": its rows, default thresholds, no baseline from A
	runB := decodeEval(t, run(t, nil, append(b, "eval", "--golden", fileB, "--baseline", "last", "--json")...))
	if runB.GoldenVersion != "1" || runB.BaselineChoice == nil || runB.BaselineChoice.RunID != "" {
		t.Fatalf("B's run: version %s, baseline %+v", runB.GoldenVersion, runB.BaselineChoice)
	}
	if th := runB.Metrics[string(eval.Faithfulness)].Threshold; th == nil || *th != 0.9 {
		t.Fatalf("B's faithfulness threshold %v, want the default 0.9 (A's 0.5 is A's)", th)
	}
	if r := run(t, nil, append(b, "check", "--engine", "offline", draft)...); r.code == ExitError {
		t.Fatalf("check in B: %s", r.stderr)
	}

	// back in A, everything is as A left it
	sets := decodeList[golden.Set](t, run(t, nil, append(a, "golden", "list", "--json")...))
	if len(sets) != 1 || sets[0].Name != "billing" || sets[0].Version != 1 || sets[0].RowCount != 3 {
		t.Fatalf("golden list in A: %+v", sets)
	}
	runs := decodeList[eval.Run](t, run(t, nil, append(a, "eval", "list", "--json")...))
	if len(runs) != 1 || runs[0].ID != runA.RunID {
		t.Fatalf("eval list in A: %+v, want only %s", runs, runA.RunID)
	}
	var gate thresholdsJSON
	goldenMust(t, json.Unmarshal([]byte(run(t, nil, append(a, "eval", "thresholds", "--set", "billing", "--json")...).stdout), &gate))
	if f := gate.Thresholds[0]; f.Metric != string(eval.Faithfulness) || f.Threshold == nil || *f.Threshold != 0.5 || !f.Custom {
		t.Fatalf("A's faithfulness gate %+v", f)
	}
	inWorkspace(t, data, wsA, func(ctx context.Context, s *session.Session, ws string) {
		list, triage := history(t, ctx, s, ws)
		if len(list) != 1 || len(triage) != 1 || triage[0].Note != "wrong source" {
			t.Fatalf("A's history %+v, triage %+v", list, triage)
		}
		if pinned, err := evalrun.PinnedBaseline(ctx, s.DB, ws, "billing"); err != nil || pinned != runA.RunID {
			t.Fatalf("A's pinned baseline %q, %v", pinned, err)
		}
	})
}

// Running a set whose reference documents the index lacks warns on stderr
// before the run, and the run says so on every scorecard: the JSON, the
// terminal, the HTML and `eval show`.
func TestEvalWarnsAboutReferencesMissingFromTheIndex(t *testing.T) {
	_, fileA := evalWorkspace(t) // cites help-refund and help-trial
	wsB, _ := otherWorkspace(t)  // holds help-shipping only
	b := []string{"--data", filepath.Join(t.TempDir(), "data"), "--corpus", wsB}
	html := filepath.Join(t.TempDir(), "card.html")
	r := run(t, nil, append(b, "eval", "--golden", fileA, "--html", html, "--json")...)
	const want = "2 reference documents of this set are not in the index (help-refund, help-trial)"
	if !strings.Contains(r.stderr, "warning: "+want) {
		t.Fatalf("no warning before the run on stderr: %q", r.stderr)
	}
	out := decodeEval(t, r)
	if !containsLine(out.Warnings, want) {
		t.Fatalf("the run's warnings %q lack %q", out.Warnings, want)
	}
	page, err := os.ReadFile(html)
	goldenMust(t, err)
	if !strings.Contains(string(page), want) {
		t.Fatalf("the HTML scorecard does not say %q", want)
	}
	shown := run(t, nil, append(b, "eval", "show", out.RunID)...)
	if !strings.Contains(shown.stdout, "warning: "+want) {
		t.Fatalf("eval show does not say %q:\n%s", want, shown.stdout)
	}
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if strings.Contains(l, want) {
			return true
		}
	}
	return false
}
