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
	if dto.Baseline == nil || dto.Baseline.RunID != first || dto.Baseline.ContradictsApproved == 0 {
		t.Fatalf("baseline %+v, want %s with a contradiction", dto.Baseline, first)
	}
	var flagged []string
	for _, q := range dto.Questions {
		if q.ContradictsApproved {
			flagged = append(flagged, q.ID)
			if q.Change != "regressed" || !q.AnswerChanged || len(q.ContradictedClaims) == 0 || q.BaselineAnswer == q.Answer {
				t.Errorf("%s: change %q, answer changed %v, claims %q", q.ID, q.Change, q.AnswerChanged, q.ContradictedClaims)
			}
		}
	}
	if !strings.Contains(strings.Join(flagged, " "), "Q031") || len(flagged) != dto.Baseline.ContradictsApproved {
		t.Errorf("flagged %v (count %d), want Q031", flagged, dto.Baseline.ContradictsApproved)
	}
	// The desktop gate verdict is the scorecard's: not ready, with the reason.
	if reason := "Q031 now contradicts its approved answer"; dto.Ready || !slices.Contains(dto.GateFailures, reason) {
		t.Errorf("ready %v, gate failures %q; want not ready naming %q", dto.Ready, dto.GateFailures, reason)
	}
	if dto.Baseline.Regressions < len(flagged) {
		t.Errorf("regressions %d do not count the %d contradictions", dto.Baseline.Regressions, len(flagged))
	}
}
