package cli

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/engine"
	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/llm/llmtest"
	"continuity/backend/session"
	"continuity/backend/settings"
	"continuity/backend/xlsx"
)

// evalWorkspace writes a three-document corpus and a golden workbook with a
// routine, a tricky and a refuse question; it returns the base args and the
// workbook path.
func evalWorkspace(t *testing.T) ([]string, string) {
	t.Helper()
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	docs := map[string]string{
		"refunds.md":  "---\nid: help-refund\nstatus: published\n---\n# Refunds\n\nYou can get a full refund within 30 days of purchase.\n",
		"trial.md":    "---\nid: help-trial\nstatus: published\n---\n# Free trial\n\nEvery new workspace gets a free trial of 14 days.\n",
		"invoices.md": "---\nid: help-invoices\nstatus: published\n---\n# Invoices\n\nInvoices can be exported to PDF from the invoice list.\n",
	}
	goldenMust(t, os.MkdirAll(filepath.Join(ws, "content"), 0o755))
	for name, body := range docs {
		goldenMust(t, os.WriteFile(filepath.Join(ws, "content", name), []byte(body), 0o644))
	}
	rows := []golden.Row{
		{ID: "Q1", Question: "How long is the refund window after purchase?", Category: golden.Routine,
			ApprovedAnswer: "You can get a full refund within 30 days of purchase.", ReferenceDocIDs: []string{"help-refund"},
			SupportingLine: "full refund within 30 days"},
		{ID: "Q2", Question: "How many days does the free trial of a new workspace last?", Category: golden.Tricky,
			ApprovedAnswer: "The free trial lasts 14 days.", ReferenceDocIDs: []string{"help-trial"}, SupportingLine: "free trial of 14 days"},
		{ID: "Q3", Question: "Which moon phase makes quantum teleportation faster?", Category: golden.Refuse,
			ApprovedAnswer: "This is not covered in our knowledge base."},
	}
	file := filepath.Join(dir, "billing.xlsx")
	goldenMust(t, xlsx.WriteFile(file, rows))
	return []string{"--data", filepath.Join(dir, "data"), "--corpus", ws}, file
}

func decodeEval(t *testing.T, r result) evalJSON {
	t.Helper()
	var out evalJSON
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("eval --json output is not JSON (exit %d): %v\n%s\nstderr: %s", r.code, err, r.stdout, r.stderr)
	}
	return out
}

// Flags live in package state, so eval tests run one after another.
func TestEvalOfflineGateBaselineJUnitAndResume(t *testing.T) {
	base, file := evalWorkspace(t)
	r := run(t, nil, append(base, "eval", "--golden", file, "--gate", "--json")...)
	first := decodeEval(t, r)
	wantCode := ExitOK
	if !first.Gate.Pass {
		wantCode = ExitFailed
	}
	if r.code != wantCode || first.Errors != 0 {
		t.Fatalf("exit %d (want %d), errors %d, gate %+v; stderr %s", r.code, wantCode, first.Errors, first.Gate, r.stderr)
	}
	if first.Engine != engine.Offline || first.GoldenSet != "billing" || first.GoldenVersion != "1" || len(first.Questions) != 3 {
		t.Fatalf("run = %+v", first)
	}
	for _, m := range eval.AllMetrics {
		s, ok := first.Metrics[string(m)]
		if !ok {
			t.Fatalf("metric %s missing from JSON", m)
		}
		if s.Mean != nil && (math.IsNaN(*s.Mean) || *s.Mean < 0 || *s.Mean > 1) {
			t.Fatalf("%s mean %v", m, *s.Mean)
		}
	}
	if s := first.Metrics["id_context_recall"]; s.Mean == nil || *s.Mean != 1 || s.Measured != 2 || s.NotMeasured != 1 {
		t.Fatalf("id_context_recall = %+v, want 1.0 over the two answerable questions", s)
	}
	if q := first.Questions[2]; q.ID != "Q3" || q.Scores["refusal_correctness"] != 1 || q.NotMeasured["id_context_recall"] == "" {
		t.Fatalf("refuse question = %+v", q)
	}

	// Same workbook again: no new version, a baseline diff and a JUnit file.
	junit := filepath.Join(t.TempDir(), "eval.xml")
	r = run(t, nil, append(base, "eval", "--golden", file, "--baseline", "last", "--junit", junit, "--json")...)
	second := decodeEval(t, r)
	if r.code != 0 || second.GoldenVersion != "1" || second.Baseline == nil || second.Baseline.BaselineRunID != first.RunID {
		t.Fatalf("second run: exit %d, version %s, baseline %+v", r.code, second.GoldenVersion, second.Baseline)
	}
	if len(second.Baseline.Regressions) != 0 || len(second.Baseline.Metrics) != len(eval.AllMetrics) {
		t.Fatalf("identical runs differ: %+v", second.Baseline)
	}
	var suites struct {
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	b, err := os.ReadFile(junit)
	goldenMust(t, err)
	goldenMust(t, xml.Unmarshal(b, &suites))
	if len(suites.Suites) != 2 || suites.Suites[0].Name != "gates" || len(suites.Suites[1].Cases) != 3 {
		t.Fatalf("junit = %+v", suites)
	}

	// A run left half done (as after a kill) is continued by --resume.
	s, err := session.Open(context.Background(), session.Options{DataDir: base[1], CorpusFlag: base[3]})
	goldenMust(t, err)
	ws, err := s.WorkspaceID(context.Background())
	goldenMust(t, err)
	st, err := eval.OpenStore(context.Background(), s.DB, ws)
	goldenMust(t, err)
	killed, err := st.Run(context.Background(), second.RunID)
	goldenMust(t, err)
	killed.Status, killed.FinishedAt = eval.StatusRunning, ""
	goldenMust(t, st.PutRun(context.Background(), killed))
	_, err = s.DB.Writer().Exec(`DELETE FROM eval_results WHERE run_id = ? AND question_id = 'Q2'`, second.RunID)
	goldenMust(t, err)
	goldenMust(t, s.Close())
	r = run(t, nil, append(base, "eval", "--resume", second.RunID, "--json")...)
	resumed := decodeEval(t, r)
	if r.code != 0 || resumed.RunID != second.RunID || resumed.Status != eval.StatusDone || len(resumed.Questions) != 3 {
		t.Fatalf("resume: exit %d, %+v; stderr %s", r.code, resumed, r.stderr)
	}

	if r := run(t, nil, append(base, "eval", "list", "--json")...); r.code != 0 || strings.Count(r.stdout, `"run_id"`) != 2 {
		t.Fatalf("eval list: %d %s", r.code, r.stdout)
	}
	for _, args := range [][]string{{"eval"}, {"eval", "--set", "a", "--golden", file}, {"eval", "--set", "a", "--engine", "gpt"}, {"eval", "--set", "a", "--repeat", "0"}} {
		if r := run(t, nil, append(base, args...)...); r.code != ExitError || !strings.Contains(r.stderr, "usage") {
			t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
	if r := run(t, nil, append(base, "eval", "--set", "nope")...); r.code != ExitError || !strings.Contains(r.stderr, `golden set "nope" not found`) {
		t.Fatalf("unknown set: exit %d, stderr %q", r.code, r.stderr)
	}
}

// A judge reply that does not parse makes that question an error — never
// a 0 or NaN — and with --gate the command exits 2.
func TestEvalLLMMalformedJudgeReplyIsAnErrorAndFailsTheGate(t *testing.T) {
	t.Parallel()
	base, file := evalWorkspace(t)
	srv := llmtest.New(t)
	srv.On(llmtest.Schema("eval_answer"), llmtest.Reply{JSON: map[string]any{"answer": "A full refund is possible within 30 days.", "covered": true}})
	srv.On(llmtest.Schema("eval_faithfulness"), llmtest.Reply{Content: `{"statements": [{"statement": "A full refund`})
	srv.On(llmtest.Schema("eval_context_recall"), llmtest.Reply{JSON: map[string]any{"classifications": []any{
		map[string]any{"statement": "s", "reason": "r", "attributed": 1}}}})
	rq := map[string]any{"question": "How long is the refund window?", "noncommittal": 0}
	srv.On(llmtest.Schema("eval_answer_relevancy"), llmtest.Reply{JSON: map[string]any{"questions": []any{rq, rq, rq}}})

	s, err := session.Open(context.Background(), session.Options{DataDir: base[1]})
	goldenMust(t, err)
	st := settings.Defaults()
	st.Engine, st.BaseURL, st.Models = settings.EngineLLM, srv.URL, settings.Models{Answer: "m-answer", Judge: "m-judge", Embedding: "m-embed"}
	goldenMust(t, s.Settings.Save(context.Background(), st))
	goldenMust(t, s.Close())

	r := run(t, nil, append(base, "eval", "--golden", file, "--engine", "llm", "--gate", "--json")...)
	out := decodeEval(t, r)
	if r.code != ExitError {
		t.Fatalf("exit %d, want 2; stderr %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "estimate: 3 questions") {
		t.Fatalf("no estimate on stderr: %q", r.stderr)
	}
	if out.Errors != 3 || out.Gate.Pass || out.AnswerModel != "m-answer" {
		t.Fatalf("errors %d, gate %+v, answer model %q", out.Errors, out.Gate, out.AnswerModel)
	}
	for _, q := range out.Questions {
		if q.Error == "" || len(q.Scores) != 0 {
			t.Fatalf("question %s: error %q, scores %v — a broken judge reply must not become a number", q.ID, q.Error, q.Scores)
		}
	}
	if m := out.Metrics["faithfulness"]; m.Mean != nil || m.Measured != 0 {
		t.Fatalf("faithfulness = %+v, want no mean", m)
	}
}
