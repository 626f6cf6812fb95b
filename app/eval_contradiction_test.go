package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"continuity/backend/cli"
	"continuity/backend/session"
)

// cliRun runs the command line in-process and returns the run ID of an
// `eval --json`.
func cliRun(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := cli.Main(context.Background(), args, cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, os.DirFS("../corpus"), nil); code > cli.ExitFailed {
		t.Fatalf("%v: exit %d: %s", args, code, errb.String())
	}
	var r struct {
		RunID string `json:"run_id"`
	}
	if len(args) > 4 && args[4] == "eval" {
		must(t, json.Unmarshal(out.Bytes(), &r))
	}
	return r.RunID
}

// Issue 18 in the desktop: the question whose answer now contradicts its
// approved answer is regressed in the scorecard DTO, flagged and counted.
func TestScorecardDTOAnswerNowContradictsApproved(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ws, data := filepath.Join(dir, "ws"), filepath.Join(dir, "data")
	must(t, os.CopyFS(ws, os.DirFS("../corpus")))
	golden := filepath.Join(ws, "golden.xlsx")
	global := []string{"--data", data, "--corpus", ws}
	first := cliRun(t, append(global, "eval", "--golden", golden, "--json")...)
	for _, p := range []string{"content/help/refund-policy.md", "content/blog/longer-refund-window.md"} {
		b, err := os.ReadFile(filepath.Join(ws, p))
		must(t, err)
		must(t, os.WriteFile(filepath.Join(ws, p), []byte(strings.ReplaceAll(string(b), "30 days", "45 days")), 0o644))
	}
	cliRun(t, append(global, "index")...)
	second := cliRun(t, append(global, "eval", "--golden", golden, "--json")...)

	ctx := context.Background()
	sess, err := session.Open(ctx, session.Options{DataDir: data, CorpusFlag: ws})
	must(t, err)
	t.Cleanup(func() { _ = sess.Close() })
	ready := make(chan struct{})
	close(ready)
	svc := &EvalService{c: &core{ctx: ctx, sess: sess, log: slog.New(slog.NewTextHandler(io.Discard, nil)), startupDone: ready}}
	dto, err := svc.GetScorecard(second, first)
	must(t, err)
	// Issue 29 item 13: the corpus now contradicts the approved answers of
	// the refund questions: each regressed, failing, named with its passage.
	if dto.Baseline == nil || dto.Baseline.RunID != first {
		t.Fatalf("baseline %+v, want %s", dto.Baseline, first)
	}
	var flagged []string
	for _, q := range dto.Questions {
		if q.ApprovedContradicted != "" {
			flagged = append(flagged, q.ID)
			if q.Change != "regressed" || q.Status != "fail" || !slices.Contains(dto.GateFailures, q.ApprovedContradicted) {
				t.Errorf("%s: change %q, status %q, %q not among the gate failures", q.ID, q.Change, q.Status, q.ApprovedContradicted)
			}
			// the drawer shows the finding in parts: the passage and how sure
			c := q.ApprovedContradiction
			switch {
			case c == nil:
				t.Errorf("%s: approved_contradiction missing beside %q", q.ID, q.ApprovedContradicted)
			case c.Passage == "" || c.DocID == "" || !strings.Contains(q.ApprovedContradicted, c.Passage):
				t.Errorf("%s: approved_contradiction %+v does not name the passage of %q", q.ID, c, q.ApprovedContradicted)
			case c.Kind == "contradicted" && (c.Confidence == nil || *c.Confidence <= 0 || *c.Confidence > 1):
				t.Errorf("%s: a contradicted approved answer without a confidence in (0,1]: %+v", q.ID, c)
			}
		} else if q.ApprovedContradiction != nil {
			t.Errorf("%s: approved_contradiction %+v without the failure line", q.ID, q.ApprovedContradiction)
		}
	}
	if !slices.Contains(flagged, "Q031") || dto.Ready || dto.FailingQuestions < len(flagged) || dto.Baseline.Regressions < len(flagged) {
		t.Errorf("flagged %v, ready %v, failing questions %d, regressions %d; want Q031 among them, not ready, each counted",
			flagged, dto.Ready, dto.FailingQuestions, dto.Baseline.Regressions)
	}
}
