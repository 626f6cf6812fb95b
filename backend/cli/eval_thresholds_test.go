package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
)

func decodeThresholds(t *testing.T, r result) map[string]evalrun.GateRow {
	t.Helper()
	var out thresholdsJSON
	if r.code != ExitOK {
		t.Fatalf("exit %d; stderr %s", r.code, r.stderr)
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("eval thresholds --json is not JSON: %v\n%s", err, r.stdout)
	}
	byName := map[string]evalrun.GateRow{}
	for _, th := range out.Thresholds {
		byName[th.Metric] = th
	}
	if out.Set != "billing" || len(byName) != len(eval.AllMetrics) {
		t.Fatalf("thresholds = %+v", out)
	}
	return byName
}

// Flags live in package state, so this runs after the other eval tests, not beside them.
func TestEvalThresholdsRoundTripAndRunsRecordThem(t *testing.T) {
	base, file := evalWorkspace(t)
	if r := run(t, nil, append(base, "golden", "import", "--set", "billing", file)...); r.code != ExitOK {
		t.Fatalf("golden import: exit %d, %s", r.code, r.stderr)
	}
	def := decodeThresholds(t, run(t, nil, append(base, "eval", "thresholds", "--set", "billing", "--json")...))
	if d := def["faithfulness"]; d.Threshold == nil || *d.Threshold != 0.9 || d.Custom || !d.Gated {
		t.Fatalf("default faithfulness = %+v", d)
	}
	if d := def["context_precision"]; d.Threshold != nil || d.Gated {
		t.Fatalf("default context_precision = %+v", d)
	}

	bad := []struct{ name, arg, want string }{
		{"unknown metric", "bleu=0.5", `unknown metric "bleu"`},
		{"out of range", "faithfulness=1.5", "faithfulness threshold must be a number between 0 and 1, got 1.5"},
		{"not metric=value", "faithfulness", "is not metric=value"},
	}
	for _, c := range bad {
		r := run(t, nil, append(base, "eval", "thresholds", "--set", "billing", "context_recall=0.1", c.arg)...)
		if r.code != ExitError || !strings.Contains(r.stderr, c.want) {
			t.Fatalf("%s: exit %d, stderr %q, want %q", c.name, r.code, r.stderr, c.want)
		}
	}
	if r := run(t, nil, append(base, "eval", "thresholds", "--set", "nope", "faithfulness=0.5")...); r.code != ExitError || !strings.Contains(r.stderr, `golden set "nope" not found`) {
		t.Fatalf("unknown set: exit %d, %q", r.code, r.stderr)
	}

	set := decodeThresholds(t, run(t, nil, append(base, "eval", "thresholds", "--set", "billing", "faithfulness=0.05", "answer_relevancy=none", "--json")...))
	if s := set["faithfulness"]; s.Threshold == nil || *s.Threshold != 0.05 || !s.Custom {
		t.Fatalf("faithfulness after set = %+v", s)
	}
	if s := set["answer_relevancy"]; s.Threshold != nil || s.Gated || !s.Custom {
		t.Fatalf("answer_relevancy after none = %+v", s)
	}
	if s := set["context_recall"]; s.Threshold == nil || *s.Threshold != 0.8 || s.Custom {
		t.Fatalf("rejected edits leaked: context_recall = %+v", s)
	}
	text := run(t, nil, append(base, "eval", "thresholds", "--set", "billing")...)
	if text.code != ExitOK || !strings.Contains(text.stdout, "none (not gated)") || !strings.Contains(text.stdout, "≥ 0.05") {
		t.Fatalf("text output:\n%s", text.stdout)
	}

	first := decodeEval(t, run(t, nil, append(base, "eval", "--set", "billing", "--json")...))
	if m := first.Metrics["faithfulness"]; m.Threshold == nil || *m.Threshold != 0.05 {
		t.Fatalf("run gated faithfulness with %+v, want 0.05", m.Threshold)
	}
	if m := first.Metrics["answer_relevancy"]; m.Threshold != nil || m.Pass != nil {
		t.Fatalf("advisory answer_relevancy = %+v", m)
	}

	// Later edits change new runs, not the record of earlier ones.
	if r := run(t, nil, append(base, "eval", "thresholds", "--set", "billing", "faithfulness=default")...); r.code != ExitOK {
		t.Fatalf("reset: exit %d, %s", r.code, r.stderr)
	}
	second := decodeEval(t, run(t, nil, append(base, "eval", "--set", "billing", "--json")...))
	if m := second.Metrics["faithfulness"]; m.Threshold == nil || *m.Threshold != 0.9 {
		t.Fatalf("second run gated faithfulness with %+v, want the default 0.9", m.Threshold)
	}
	r := run(t, nil, append(base, "eval", "list", "--set", "billing", "--json")...)
	var runs []eval.Run
	if err := json.Unmarshal([]byte(r.stdout), &runs); err != nil || len(runs) != 2 {
		t.Fatalf("eval list: %v\n%s", err, r.stdout)
	}
	recorded := map[string]map[eval.Metric]float64{runs[0].ID: runs[0].Thresholds, runs[1].ID: runs[1].Thresholds}
	if th := recorded[first.RunID]; th[eval.Faithfulness] != 0.05 || len(th) != 3 {
		t.Fatalf("first run recorded %v", th)
	}
	if th := recorded[second.RunID]; th[eval.Faithfulness] != 0.9 {
		t.Fatalf("second run recorded %v", th)
	}
}
