package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/evalrun"
)

func decodeExperiment(t *testing.T, r result) evalrun.Experiment {
	t.Helper()
	var x evalrun.Experiment
	if err := json.Unmarshal([]byte(r.stdout), &x); err != nil {
		t.Fatalf("eval --vary --json output is not JSON (exit %d): %v\n%s\nstderr: %s", r.code, err, r.stdout, r.stderr)
	}
	return x
}

// The sample corpus and its golden set, offline: k=4 against the default
// k=8, which is the workspace's configuration, so two columns.
func TestEvalVaryComparesAndReusesIndexes(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	args := []string{"--data", data, "--corpus", sampleCorpus, "eval", "--golden", filepath.Join(sampleCorpus, "golden.xlsx"), "--vary", "k=4,8"}
	r := run(t, nil, append(args, "--json")...)
	x := decodeExperiment(t, r)
	if r.code != ExitOK || len(x.Columns) != 2 || x.Questions == 0 {
		t.Fatalf("exit %d, %d columns, %d questions; stderr %s", r.code, len(x.Columns), x.Questions, r.stderr)
	}
	k4, k8 := x.Columns[0], x.Columns[1]
	if k4.Label != "k=4" || k4.Baseline || k8.Label != "k=8" || !k8.Baseline {
		t.Fatalf("got columns %q (baseline %v), %q (baseline %v), want k=4 then the baseline k=8", k4.Label, k4.Baseline, k8.Label, k8.Baseline)
	}
	if k4.Versus == nil || k8.Versus != nil || len(k4.Versus.Wins)+len(k4.Versus.Losses)+k4.Versus.Ties != x.Questions {
		t.Fatalf("got vs baseline %+v / %+v, want k=4's to cover the %d questions and none for the baseline", k4.Versus, k8.Versus, x.Questions)
	}
	if len(x.Indexes) != 1 || x.Indexes[0].Status != evalrun.IndexBuilt || k4.Index != k8.Index {
		t.Fatalf("got indexes %+v, want one index built and shared by both k", x.Indexes)
	}
	dir := filepath.Join(data, evalrun.ExperimentsDir, x.Indexes[0].Hash)
	if x.Indexes[0].Dir != dir {
		t.Fatalf("got index folder %s, want %s", x.Indexes[0].Dir, dir)
	}
	if m := k8.Metrics["id_context_recall"]; m.Mean == nil || m.Measured == 0 {
		t.Fatalf("got id_context_recall %+v, want it measured", m)
	}
	if m := k8.Metrics["schema_validity"]; m.Mean != nil || m.Best {
		t.Fatalf("got schema_validity %+v, want not measured (a built-in answer has no schema)", m)
	}
	for metric, labels := range x.Best {
		if len(labels) == 0 {
			t.Fatalf("metric %s has an empty best list", metric)
		}
	}

	// The same invocation again only compares hashes.
	r = run(t, nil, append(args, "--json")...)
	again := decodeExperiment(t, r)
	if r.code != ExitOK || len(again.Indexes) != 1 {
		t.Fatalf("second run: exit %d, indexes %+v; stderr %s", r.code, again.Indexes, r.stderr)
	}
	if f := again.Indexes[0]; f.Status != evalrun.IndexReused || f.Sync.Added+f.Sync.Updated+f.Sync.Removed != 0 || f.Hash != x.Indexes[0].Hash {
		t.Fatalf("second run: index %+v, want the same folder reused with nothing added", f)
	}
	for i, c := range again.Columns {
		if *c.Metrics["id_context_recall"].Mean != *x.Columns[i].Metrics["id_context_recall"].Mean {
			t.Fatalf("column %s scored differently on the reused index", c.Label)
		}
	}

	// Text: the table, the folder reused, and no regular run stored.
	r = run(t, nil, args...)
	for _, want := range []string{"METRIC", "k=4", "k=8 (baseline)", "not measured", "wins vs baseline", "reused (nothing re-embedded)", dir, " *"} {
		if !strings.Contains(r.stdout, want) {
			t.Fatalf("text output lacks %q:\n%s", want, r.stdout)
		}
	}
	r = run(t, nil, "--data", data, "--corpus", sampleCorpus, "eval", "list", "--json")
	if r.code != ExitOK || strings.TrimSpace(r.stdout) != "[]" {
		t.Fatalf("eval list = %s (exit %d), want no runs: experiments are not the set's runs", r.stdout, r.code)
	}
	if _, err := os.Stat(filepath.Join(dir, "index")); err != nil {
		t.Fatalf("experiment index folder: %v", err)
	}
}

// A grid without the workspace's configuration gets it as the first column;
// --judge none works with --vary.
func TestEvalVaryAddsTheBaselineColumn(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	r := run(t, nil, "--data", data, "--corpus", sampleCorpus, "eval", "--golden", filepath.Join(sampleCorpus, "golden.xlsx"),
		"--vary", "k=4", "--judge", "none", "--json")
	x := decodeExperiment(t, r)
	if r.code != ExitOK || len(x.Columns) != 2 || x.Judge != "none" {
		t.Fatalf("exit %d, %d columns, judge %q; stderr %s", r.code, len(x.Columns), x.Judge, r.stderr)
	}
	if c := x.Columns[0]; !c.Baseline || c.Label != "k=8" || c.Config != evalrun.DefaultConfig() {
		t.Fatalf("got first column %+v, want the baseline k=8", c)
	}
	if m := x.Columns[1].Metrics["faithfulness"]; m.Mean != nil {
		t.Fatalf("got faithfulness %+v with --judge none, want not measured", m)
	}
}

func TestEvalVaryUsageErrors(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	golden := filepath.Join(sampleCorpus, "golden.xlsx")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown key", []string{"--vary", "topk=4"}, `unknown key "topk": want one of chunk, overlap, k, embedder`},
		{"bad value", []string{"--vary", "k=0"}, `k="0": want a whole number from 1 to 50`},
		{"grid over the limit", []string{"--vary", "k=2,3,4", "--vary", "chunk=100,200,300"}, "the grid has 9 configurations (3 k × 3 chunk); at most 8 are allowed"},
		{"overlap not below chunk", []string{"--vary", "chunk=30"}, "overlap=40 must be below chunk=30"},
		{"a target", []string{"--vary", "k=4", "--responses", "cases.jsonl"}, "drop --responses"},
		{"a gate", []string{"--vary", "k=4", "--gate"}, "drop --gate"},
	}
	t.Run("group", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				args := append([]string{"--data", data, "--corpus", sampleCorpus, "eval", "--golden", golden}, c.args...)
				r := run(t, nil, args...)
				if r.code != ExitError || !strings.Contains(r.stderr, "usage") || !strings.Contains(r.stderr, c.want) {
					t.Fatalf("got exit %d, stderr %q; want 2 and a usage error containing %q", r.code, r.stderr, c.want)
				}
			})
		}
	})
	if _, err := os.Stat(filepath.Join(data, evalrun.ExperimentsDir)); !os.IsNotExist(err) {
		t.Fatalf("a usage error built an experiment folder (stat: %v)", err)
	}
}
