package cli

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// copySample copies the bundled sample workspace to a temporary folder.
func copySample(t *testing.T) string {
	t.Helper()
	ws := filepath.Join(t.TempDir(), "ws")
	if err := os.CopyFS(ws, os.DirFS(sampleCorpus)); err != nil {
		t.Fatal(err)
	}
	return ws
}

// changeRefundWindow edits the corpus so the refund window is 45 days,
// not the 30 the approved answers say.
func changeRefundWindow(t *testing.T, ws string) {
	t.Helper()
	for _, p := range []string{"content/help/refund-policy.md", "content/blog/longer-refund-window.md"} {
		path := filepath.Join(ws, p)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := strings.NewReplacer("30 days", "45 days", "30-day", "45-day").Replace(string(b))
		if s == string(b) {
			t.Fatalf("%s: nothing to change", p)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

type junitCaseOut struct {
	Name    string `xml:"name,attr"`
	Failure *struct {
		Type    string `xml:"type,attr"`
		Message string `xml:"message,attr"`
	} `xml:"failure"`
}

type junitOut struct {
	Suites []struct {
		Name  string         `xml:"name,attr"`
		Cases []junitCaseOut `xml:"testcase"`
	} `xml:"testsuite"`
}

// Issue 18: a corpus edit that makes an answer contradict its approved
// answer is a regression even when every metric stayed the same.
func TestEvalAnswerNowContradictsApproved(t *testing.T) {
	ws := copySample(t)
	base := []string{"--data", filepath.Join(t.TempDir(), "data"), "--corpus", ws}
	golden := filepath.Join(ws, "golden.xlsx")
	first := decodeEval(t, run(t, nil, append(base, "eval", "--golden", golden, "--json")...))

	changeRefundWindow(t, ws)
	if r := run(t, nil, append(base, "index")...); r.code != ExitOK {
		t.Fatalf("index: exit %d: %s", r.code, r.stderr)
	}
	out := t.TempDir()
	junit, page, book := filepath.Join(out, "eval.xml"), filepath.Join(out, "eval.html"), filepath.Join(out, "eval.xlsx")
	r := run(t, nil, append(base, "eval", "--golden", golden, "--gate", "--baseline", first.RunID, "--junit", junit, "--html", page, "--xlsx", book, "--json")...)
	second := decodeEval(t, r)
	// The gate fails on the new contradiction, with the reason, as a failed check (exit 1).
	reason := "Q031 now contradicts its approved answer"
	if r.code != ExitFailed || second.Gate.Pass || !slices.Contains(second.Gate.Failures, reason) {
		t.Errorf("gate: exit %d, failures %q; want exit %d naming %q", r.code, second.Gate.Failures, ExitFailed, reason)
	}
	if second.Baseline == nil || second.Baseline.BaselineRunID != first.RunID {
		t.Fatalf("no diff against %s: %+v (stderr %s)", first.RunID, second.Baseline, r.stderr)
	}
	sum := second.Baseline.Summary
	t.Logf("summary %+v", sum)
	var flagged []string
	for _, q := range second.Questions {
		if q.ContradictsApproved != nil && *q.ContradictsApproved {
			flagged = append(flagged, q.ID)
			if q.Change != "regressed" || q.AnswerChanged == nil || !*q.AnswerChanged || len(q.ContradictedClaims) == 0 {
				t.Errorf("%s: %+v, want regressed with a changed answer and the contradicted claim", q.ID, q)
			}
			t.Logf("%s contradicts: %q", q.ID, q.ContradictedClaims)
		}
	}
	if len(flagged) == 0 || sum.ContradictsApproved != len(flagged) || sum.Regressed < len(flagged) {
		t.Fatalf("flagged %v, summary %+v", flagged, sum)
	}
	const want = "Q031" // "after 30 days, monthly plans aren't refunded": the answer now says 45
	if !strings.Contains(strings.Join(flagged, " "), want) {
		t.Errorf("flagged %v, want %s among them", flagged, want)
	}

	raw, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var ju junitOut
	if err := xml.Unmarshal(raw, &ju); err != nil {
		t.Fatal(err)
	}
	failed := map[string]string{}
	for _, s := range ju.Suites {
		for _, c := range s.Cases {
			if s.Name == "questions" && c.Failure != nil && c.Failure.Type == "contradicts_approved" {
				failed[c.Name] = c.Failure.Message
			}
		}
	}
	if msg := failed[want]; !strings.Contains(msg, "contradicts the approved answer") || !strings.Contains(msg, "45 days") {
		t.Errorf("JUnit failure of %s = %q, want it to name the contradicted claim", want, msg)
	}

	// The HTML and xlsx exports carry the same flags.
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), reason+" (regressed)") {
		t.Errorf("HTML scorecard does not say %q", reason)
	}
	wb, err := excelize.OpenFile(book)
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Close()
	rows, err := wb.GetRows("Questions")
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], "Contradicts approved answer")
	for _, row := range rows[1:] {
		if row[0] == want && (col < 0 || col >= len(row) || row[col] != "yes") {
			t.Errorf("xlsx Questions row %s: %q, want %q yes", want, row, rows[0][max(col, 0)])
		}
	}

	// The text scorecard prints the reason too.
	if text := run(t, nil, append(base, "eval", "show", second.RunID, "--baseline", first.RunID)...); !strings.Contains(text.stdout, reason) {
		t.Errorf("eval show (text) does not print %q:\n%s", reason, text.stdout)
	}

	// eval show compares any two runs and says the same.
	shown := decodeEval(t, run(t, nil, append(base, "eval", "show", second.RunID, "--baseline", first.RunID, "--json")...))
	if shown.Baseline == nil || shown.Baseline.Summary != sum {
		t.Errorf("eval show --baseline: %+v, want the summary %+v", shown.Baseline, sum)
	}
}
