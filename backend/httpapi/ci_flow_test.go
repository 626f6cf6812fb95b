package httpapi_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"continuity/backend/cli"
	"continuity/backend/team"
)

// TestCIRunsTheExpertsEditAndTheManagerSeesIt is the team's loop: an expert
// edits a golden row on the server, CI (`eval --server`, its own data dir
// and corpus checkout) runs the set at that version and records the run on
// the server, and the manager reads it in the set's runs.
func TestCIRunsTheExpertsEditAndTheManagerSeesIt(t *testing.T) {
	expert, ci, manager := user(t, team.Expert), user(t, team.Manager), user(t, team.Manager)
	var before setReply
	do(t, fx.http.URL, expert, "GET", wsPath("/golden-sets/sample"), nil, &before)
	row := before.Rows[0].ID
	edited := "EDITED ON THE SERVER: " + before.Rows[0].ApprovedAnswer
	body := map[string]any{"base_version": before.Set.Version, "field": "approved_answer", "value": edited}
	if got := do(t, fx.http.URL, expert, "PATCH", wsPath("/golden-sets/sample/rows/"+row), body, nil); got != 200 {
		t.Fatalf("expert's edit: %d", got)
	}
	edit := time.Now()

	dir := t.TempDir()
	checkout := filepath.Join(dir, "checkout")
	if err := os.CopyFS(checkout, os.DirFS(sampleCorpus)); err != nil {
		t.Fatal(err)
	}
	t.Setenv("CONTINUITY_TOKEN", ci)
	var out, errb bytes.Buffer
	code := cli.Main(context.Background(), []string{"--data", filepath.Join(dir, "data"), "--corpus", checkout,
		"eval", "--server", fx.http.URL, "--set", "sample", "--engine", "offline", "--judge", "none", "--json"},
		cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	if code != 0 {
		t.Fatalf("eval --server: exit %d\n%s", code, errb.String())
	}
	if strings.Contains(errb.String(), ci) || strings.Contains(out.String(), ci) {
		t.Fatal("the CI token was printed")
	}
	var runs struct {
		Runs []struct {
			ID            string            `json:"run_id"`
			GoldenVersion string            `json:"golden_version"`
			Settings      map[string]string `json:"settings"`
		} `json:"runs"`
	}
	if got := do(t, fx.http.URL, manager, "GET", wsPath("/runs?set=sample"), nil, &runs); got != 200 || len(runs.Runs) == 0 {
		t.Fatalf("manager's runs: %d %+v", got, runs)
	}
	if since := time.Since(edit); since > 2*time.Minute {
		t.Logf("edit to visible run took %s", since)
	}
	last := runs.Runs[len(runs.Runs)-1]
	wantSource := fx.http.URL + " version " + itoa(before.Set.Version+1)
	if last.Settings["golden_source"] != wantSource || last.GoldenVersion != itoa(before.Set.Version+1) {
		t.Fatalf("the run's golden source %q and version %q, want %q and the server's version %d", last.Settings["golden_source"],
			last.GoldenVersion, wantSource, before.Set.Version+1)
	}
	var detail struct {
		Results []struct {
			ID        string `json:"id"`
			Reference string `json:"reference"`
		} `json:"results"`
	}
	do(t, fx.http.URL, manager, "GET", wsPath("/runs/"+last.ID), nil, &detail)
	found := false
	for _, r := range detail.Results {
		found = found || (r.ID == row && r.Reference == edited)
	}
	if !found {
		t.Fatalf("run %s did not score question %s against the expert's edit: %+v", last.ID, row, detail.Results)
	}
	var trend struct {
		Trend []struct {
			RunID string `json:"run_id"`
		} `json:"trend"`
	}
	if got := do(t, fx.http.URL, manager, "GET", wsPath("/golden-sets/sample/trend"), nil, &trend); got != 200 || len(trend.Trend) == 0 || trend.Trend[len(trend.Trend)-1].RunID != last.ID {
		t.Fatalf("the set's trend (%d) does not end with the CI run %s: %+v", got, last.ID, trend.Trend)
	}
	// the same run again is refused, never a second copy
	if got := do(t, fx.http.URL, ci, "POST", wsPath("/runs"), map[string]any{"run": map[string]any{"run_id": last.ID, "golden_set": "sample", "status": "done"}}, nil); got != 409 {
		t.Fatalf("a run sent twice: %d, want 409", got)
	}
	if got := do(t, fx.http.URL, user(t, team.Expert), "POST", wsPath("/runs"), map[string]any{"run": map[string]any{"run_id": "x1", "golden_set": "sample", "status": "done"}}, nil); got != 403 {
		t.Fatalf("an expert records a run: %d, want 403", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
