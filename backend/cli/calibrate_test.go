package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/calibrate/calibtest"
)

// calibrate on a real git workspace and a real data dir: text, then
// --json, then --reset; what a run saved shows in the next check's
// report line ("calibrated threshold").
func TestCalibrateReportsAndSaves(t *testing.T) {
	t.Parallel()
	repo, data := calibtest.Workspace(t, calibtest.Edits()), t.TempDir()
	code, stdout, stderr := runInData(t, data, repo, "calibrate", "--dry-run")
	if code != ExitOK {
		t.Fatalf("calibrate --dry-run exit %d: %s", code, stderr)
	}
	for _, want := range []string{"model      offline-", "from 13 changes in 3 documents", "skipped    1 reworded",
		"value            7", "polarity         3", "name             3", "all             13", "threshold  model's "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("text report lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stdout, "dry run: would save") && !strings.Contains(stdout, "not saved:") {
		t.Errorf("text report does not say what it saved:\n%s", stdout)
	}

	code, stdout, stderr = runInData(t, data, repo, "--json", "calibrate")
	if code != ExitOK {
		t.Fatalf("calibrate --json exit %d: %s", code, stderr)
	}
	var got calibrateJSON
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("--json: %v\n%s", err, stdout)
	}
	if got.Changes != 13 || len(got.Kinds) != 3 || got.All.Before.Old == 0 || got.History == nil || !got.History.Ran || got.ElapsedMS <= 0 {
		t.Errorf("--json %+v", got)
	}

	code, stdout, stderr = runInData(t, data, repo, "calibrate", "--reset")
	want := "the workspace had no calibrated threshold"
	if got.Saved {
		want = "removed the workspace's calibrated threshold"
	}
	if code != ExitOK || !strings.Contains(stdout, want) {
		t.Errorf("--reset exit %d, %q (saved %v), want %q; %s", code, stdout, got.Saved, want, stderr)
	}
}

func TestCalibrateUsageAndTooFew(t *testing.T) {
	t.Parallel()
	repo, _ := historyRepo(t)
	rows := []struct {
		name string
		args []string
		want string
	}{
		{"reset and dry run", []string{"calibrate", "--reset", "--dry-run"}, "--reset and --dry-run cannot be combined"},
		{"an argument", []string{"calibrate", "x"}, "calibrate takes no arguments"},
		{"three changes", []string{"calibrate"}, "too few changes: 3 (6 pairs), need at least 10 (20 pairs)"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			code, _, stderr := runInData(t, t.TempDir(), repo, r.args...)
			if code != ExitError || !strings.Contains(stderr, r.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, ExitError, r.want)
			}
		})
	}
}
