package cli

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/eval"
	"continuity/backend/llm/llmtest"
	"continuity/backend/session"
	"continuity/backend/settings"
	"continuity/backend/xlsx"
)

// withCountingLLM configures an LLM endpoint that answers anything, so a
// judge call would succeed and be counted rather than fail unnoticed.
func withCountingLLM(t *testing.T, dataDir string) *llmtest.Server {
	t.Helper()
	srv := llmtest.New(t)
	srv.On(llmtest.Any(), llmtest.Reply{JSON: map[string]any{}})
	s, err := session.Open(context.Background(), session.Options{DataDir: dataDir})
	goldenMust(t, err)
	st := settings.Defaults()
	st.Engine, st.BaseURL, st.Models = settings.EngineLLM, srv.URL, settings.Models{Answer: "m-answer", Judge: "m-judge", Embedding: "m-embed"}
	goldenMust(t, s.Settings.Save(context.Background(), st))
	goldenMust(t, s.Close())
	return srv
}

func mean(t *testing.T, out evalJSON, m string) float64 {
	t.Helper()
	s, ok := out.Metrics[m]
	if !ok || s.Mean == nil {
		t.Fatalf("%s has no mean: %+v", m, s)
	}
	return *s.Mean
}

// deterministic is what two runs of the same cases must agree on.
func deterministic(out evalJSON) map[string]any {
	got := map[string]any{}
	for _, m := range []string{"id_context_recall", "id_context_precision", "supporting_line_recall", "refusal_correctness", "schema_validity"} {
		s := out.Metrics[m]
		if s.Mean != nil {
			got[m] = math.Round(*s.Mean*1e9) / 1e9
		}
		got[m+".measured"] = s.Measured
	}
	for _, q := range out.Questions {
		for m, v := range q.Scores {
			got[q.ID+"."+m] = v
		}
		got[q.ID+".error"] = q.Error
	}
	return got
}

// Flags and the environment are process state: these tests run one after another.
func TestEvalTargetJudgeNoneMatchesHandComputationAndCallsNoModel(t *testing.T) {
	t.Setenv("SUPPORT_BOT_TOKEN", botToken)
	base, file := targetWorkspace(t)
	llm := withCountingLLM(t, base[1])
	bot := newFakeAssistant(t)
	tf := bot.targetFile(t, "/ask", "")
	// Indexing the corpus embeds it with the configured embedder; that is
	// the index's cost, paid once, not judging. Sync first, then count.
	if r := run(t, nil, append(base, "index")...); r.code != ExitOK {
		t.Fatalf("index: exit %d, %s", r.code, r.stderr)
	}
	llm.Reset()

	r := run(t, nil, append(base, "eval", "--golden", file, "--target", tf, "--judge", "none", "--json")...)
	live := decodeEval(t, r)
	if r.code != ExitOK || live.Errors != 0 {
		t.Fatalf("exit %d, errors %d; stderr %s", r.code, live.Errors, r.stderr)
	}
	if n := len(llm.Requests()); n != 0 {
		t.Fatalf("--judge none made %d LLM/embedding calls, want 0: %+v", n, llm.Requests())
	}
	for _, c := range []struct {
		metric string
		want   float64
	}{{"id_context_recall", 0.625}, {"id_context_precision", (1.0/3 + 1 + 0 + 1) / 4}, {"supporting_line_recall", 0.75}, {"refusal_correctness", 1}, {"schema_validity", 1}} {
		if got := mean(t, live, c.metric); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s = %.5f, want %.5f (hand computation)", c.metric, got, c.want)
		}
	}
	for _, m := range []string{"faithfulness", "answer_relevancy", "context_recall", "context_precision"} {
		if s := live.Metrics[m]; s.Mean != nil || s.Measured != 0 {
			t.Errorf("%s = %+v, want not measured under --judge none", m, s)
		}
	}
	if live.Judge != "none" || live.Target.Kind != "http" || live.Target.URL != bot.URL+"/ask" || live.Target.File != "support-bot.yaml" ||
		len(live.Target.SHA256) != 64 || live.Target.Refusal != "(?i)not covered" {
		t.Fatalf("judge %q, target %+v", live.Judge, live.Target)
	}
	if q := live.Questions[0]; strings.Join(q.RetrievedDocIDs, ",") != "help-refund,help-invoices,blog-2" {
		t.Fatalf("Q1 context ids = %v", q.RetrievedDocIDs)
	}

	// The token reached the server, in the header and the query ...
	bot.mu.Lock()
	auth, keys := strings.Join(bot.auth, ","), strings.Join(bot.keys, ",")
	bot.mu.Unlock()
	if strings.Count(auth, "Bearer "+botToken) != 5 || strings.Count(keys, botToken) != 5 {
		t.Fatalf("server saw Authorization %q, key %q", auth, keys)
	}
	// ... and nowhere else: not in the output, the text scorecard or the stored run.
	show := run(t, nil, append(base, "eval", "show", live.RunID)...)
	showJSON := run(t, nil, append(base, "eval", "show", live.RunID, "--json")...)
	for name, text := range map[string]string{"stdout": r.stdout, "stderr": r.stderr, "show": show.stdout + show.stderr, "show --json": showJSON.stdout} {
		if strings.Contains(text, botToken) {
			t.Fatalf("the token leaked into %s", name)
		}
	}
	if !strings.Contains(show.stdout, "· judge none · golden set") || !strings.Contains(show.stdout, "target http POST "+bot.URL+"/ask (support-bot.yaml)") {
		t.Fatalf("text scorecard does not name the target:\n%s", show.stdout)
	}
	assertNotOnDisk(t, base[1], botToken)

	// An interrupted target run resumes against the same target, not another.
	s, err := session.Open(context.Background(), session.Options{DataDir: base[1], CorpusFlag: base[3]})
	goldenMust(t, err)
	ws, err := s.WorkspaceID(context.Background())
	goldenMust(t, err)
	st, err := eval.OpenStore(context.Background(), s.DB, ws)
	goldenMust(t, err)
	killed, err := st.Run(context.Background(), live.RunID)
	goldenMust(t, err)
	killed.Status, killed.FinishedAt = eval.StatusRunning, ""
	goldenMust(t, st.PutRun(context.Background(), killed))
	_, err = s.DB.Writer().Exec(`DELETE FROM eval_results WHERE run_id = ? AND question_id = 'Q3'`, live.RunID)
	goldenMust(t, err)
	goldenMust(t, s.Close())
	if r := run(t, nil, append(base, "eval", "--resume", live.RunID, "--target", bot.targetFile(t, "/empty", ""))...); r.code != ExitError || !strings.Contains(r.stderr, "was answered by http POST "+bot.URL+"/ask") {
		t.Fatalf("resume on another target: exit %d, %q", r.code, r.stderr)
	}
	r = run(t, nil, append(base, "eval", "--resume", live.RunID, "--target", tf, "--json")...)
	resumed := decodeEval(t, r)
	if r.code != ExitOK || resumed.Status != eval.StatusDone || resumed.Judge != "none" || mean(t, resumed, "id_context_recall") != 0.625 {
		t.Fatalf("resume: exit %d, %+v; stderr %s", r.code, resumed.Metrics["id_context_recall"], r.stderr)
	}

	// The same cases recorded as JSONL and as .xlsx give the same numbers.
	jsonl, table := recordedCases()
	dir := t.TempDir()
	jf, xf := filepath.Join(dir, "cases.jsonl"), filepath.Join(dir, "cases.xlsx")
	goldenMust(t, os.WriteFile(jf, []byte(jsonl), 0o644))
	goldenMust(t, xlsx.WriteTable(xf, "Responses", table))
	for _, f := range []string{jf, xf} {
		r := run(t, nil, append(base, "eval", "--golden", file, "--responses", f, "--refusal", "(?i)not covered", "--judge", "none", "--json")...)
		rec := decodeEval(t, r)
		if r.code != ExitOK || rec.Target.Kind != "responses" || rec.Target.File != filepath.Base(f) || len(rec.Target.SHA256) != 64 || rec.Target.URL != "" {
			t.Fatalf("%s: exit %d, target %+v; stderr %s", f, r.code, rec.Target, r.stderr)
		}
		want, got := deterministic(live), deterministic(rec)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s = %v, live run %v", filepath.Base(f), k, got[k], v)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d values, live run %d", filepath.Base(f), len(got), len(want))
		}
	}
	if n := len(llm.Requests()); n != 0 {
		t.Fatalf("responses runs made %d LLM calls", n)
	}
}

// assertNotOnDisk reads every file under dir (the database and its WAL
// included) and fails when secret is in one.
func assertNotOnDisk(t *testing.T, dir, secret string) {
	t.Helper()
	files := 0
	goldenMust(t, filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		if strings.Contains(string(b), secret) {
			t.Errorf("the token is stored in %s", p)
		}
		return nil
	}))
	if files == 0 {
		t.Fatal("no data files to check")
	}
}

func TestEvalTargetFaultsAndGateExitCodes(t *testing.T) {
	t.Setenv("SUPPORT_BOT_TOKEN", botToken)
	base, file := targetWorkspace(t)
	bot := newFakeAssistant(t)
	cases := []struct {
		name, path, extra string
		code              int
		errors            int
		reason            string
	}{
		{"empty sources: ID recall 0 fails the gate", "/empty", "", ExitFailed, 0, ""},
		{"a timeout is an error", "/slow", "timeout: 200ms\nretries: 0\n", ExitError, 5, "timed out after 200ms (1 attempt)"},
		{"a 500 after the retries is an error", "/500", "", ExitError, 5, "500 Internal Server Error"},
		{"HTML is an error", "/html", "", ExitError, 5, "response is not JSON"},
		{"no answer at the answer path is an error", "/noanswer", "", ExitError, 5, "answer path matched nothing: $.answer"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tf := bot.targetFile(t, c.path, c.extra)
			r := run(t, nil, append(base, "eval", "--golden", file, "--target", tf, "--judge", "none", "--gate", "--json")...)
			out := decodeEval(t, r)
			if r.code != c.code || out.Errors != c.errors || out.Gate.Pass {
				t.Fatalf("exit %d (want %d), errors %d (want %d), gate %+v; stderr %s", r.code, c.code, out.Errors, c.errors, out.Gate, r.stderr)
			}
			for _, q := range out.Questions {
				if c.errors > 0 && (!strings.Contains(q.Error, c.reason) || len(q.Scores) != 0) {
					t.Fatalf("%s: error %q, scores %v; want %q and no score", q.ID, q.Error, q.Scores, c.reason)
				}
				if strings.Contains(q.Error, botToken) {
					t.Fatalf("%s: the token is in the error", q.ID)
				}
			}
			if c.path == "/empty" {
				if m := mean(t, out, "id_context_recall"); m != 0 {
					t.Fatalf("id_context_recall = %v, want 0", m)
				}
				if s := out.Metrics["id_context_precision"]; s.Mean != nil {
					t.Fatalf("id_context_precision = %+v, want not measured (nothing returned)", s)
				}
				if !strings.Contains(strings.Join(out.Gate.Failures, ";"), "id_context_recall mean 0.000 is below its threshold 0.80") {
					t.Fatalf("gate failures = %v", out.Gate.Failures)
				}
			}
		})
	}
	bot.mu.Lock()
	defer bot.mu.Unlock()
	if bot.calls["/500"] != 10 { // 5 questions × (1 + retries: 1)
		t.Fatalf("/500 was called %d times, want 10", bot.calls["/500"])
	}
}

func TestEvalTargetWarningsAndMistakes(t *testing.T) {
	t.Setenv("SUPPORT_BOT_TOKEN", botToken)
	base, file := targetWorkspace(t)
	bot := newFakeAssistant(t)

	// ids the index does not know (URLs) are compared as they are, and warned about
	r := run(t, nil, append(base, "eval", "--golden", file, "--target", bot.targetFile(t, "/urls", ""), "--judge", "none", "--json")...)
	out := decodeEval(t, r)
	if r.code != ExitOK || !strings.Contains(strings.Join(out.Warnings, "\n"), "5 of 5 distinct context ids the target returned are not document ids of the workspace index") {
		t.Fatalf("exit %d, warnings %q; stderr %s", r.code, out.Warnings, r.stderr)
	}
	if m := mean(t, out, "id_context_recall"); m != 0 {
		t.Fatalf("URL ids matched reference ids: recall %v", m)
	}

	// a responses file missing a case and holding a stray one: both listed, the missing one an error
	jsonl, _ := recordedCases()
	lines := strings.Split(strings.TrimSpace(jsonl), "\n")
	stray := `{"id": "Q99", "response": "stray", "retrieved_context_ids": []}`
	rf := filepath.Join(t.TempDir(), "partial.jsonl")
	goldenMust(t, os.WriteFile(rf, []byte(strings.Join(append(lines[:4], stray), "\n")), 0o644))
	r = run(t, nil, append(base, "eval", "--golden", file, "--responses", rf, "--judge", "none", "--gate", "--json")...)
	out = decodeEval(t, r)
	all := strings.Join(out.Warnings, "\n")
	if r.code != ExitError || out.Errors != 1 || !strings.Contains(all, "have no recorded response and count as errors: Q5") ||
		!strings.Contains(all, "1 response row(s) match no golden question by id or question text and were not scored: row 5 (id Q99)") {
		t.Fatalf("exit %d, errors %d, warnings %q", r.code, out.Errors, out.Warnings)
	}
	if s := out.Metrics["refusal_correctness"]; s.Measured != 0 {
		t.Fatalf("refusal measured without a refusal pattern: %+v", s)
	}

	bad := filepath.Join(t.TempDir(), "bad.yaml")
	goldenMust(t, os.WriteFile(bad, []byte("url: http://127.0.0.1:1/ask\nanswer: $.answer\nanswer_path: $.x\n"), 0o644))
	badRows := filepath.Join(t.TempDir(), "bad.csv")
	goldenMust(t, os.WriteFile(badRows, []byte("id,response,retrieved_context_ids\nQ1,a,\"[1,\"\n,b,\n"), 0o644))
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown key in the target file", []string{"--target", bad}, "bad.yaml:3: unknown key \"answer_path\""},
		{"bad rows of a responses file", []string{"--responses", badRows}, "bad.csv:2: column retrieved_context_ids: starts with [ but is not a JSON list"},
		{"an unset variable", []string{"--target", bot.targetFile(t, "/ask", "")}, "SUPPORT_BOT_TOKEN"},
		{"two targets", []string{"--target", bad, "--responses", badRows}, "usage: give one target"},
		{"a judge the built-in pipeline cannot mix", []string{"--judge", "llm"}, "usage: with the built-in pipeline --engine picks both"},
		{"refusal without a target", []string{"--refusal", "x"}, "usage: --refusal applies to a target"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "an unset variable" {
				t.Setenv("SUPPORT_BOT_TOKEN", "")
			}
			r := run(t, nil, append(append(base, "eval", "--golden", file), c.args...)...)
			if r.code != ExitError || !strings.Contains(r.stderr, c.want) {
				t.Fatalf("exit %d, stderr %q, want %q", r.code, r.stderr, c.want)
			}
		})
	}
	// the built-in pipeline with --judge none: the deterministic metrics of its own retrieval
	r = run(t, nil, append(base, "eval", "--golden", file, "--judge", "none", "--json")...)
	bi := decodeEval(t, r)
	if r.code != ExitOK || bi.Judge != "none" || bi.Target.Kind != "builtin" || bi.Metrics["faithfulness"].Measured != 0 ||
		bi.Metrics["id_context_recall"].Measured != 4 || bi.Metrics["schema_validity"].Measured != 0 {
		t.Fatalf("builtin --judge none: exit %d, judge %q, target %+v, metrics %+v", r.code, bi.Judge, bi.Target, bi.Metrics)
	}
	if r := run(t, nil, append(base, "eval", "--resume", out.RunID)...); r.code != ExitError || !strings.Contains(r.stderr, "give the same --target or --responses again") {
		t.Fatalf("resume without its target: exit %d, %q", r.code, r.stderr)
	}
}
