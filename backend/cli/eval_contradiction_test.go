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

// changeRefundWindow edits the corpus so the refund window is 14 days,
// not the 30 the approved answers say (the issue's own edit), and returns
// the function that puts the pages back.
func changeRefundWindow(t *testing.T, ws string) (restore func()) {
	t.Helper()
	old := map[string][]byte{}
	for _, p := range []string{"content/help/refund-policy.md", "content/blog/longer-refund-window.md", "content/docs/pricing.md", "content/help/cancel-subscription.md"} {
		path := filepath.Join(ws, p)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		old[path] = b
		s := strings.NewReplacer("30 days", "14 days", "30-day", "14-day").Replace(string(b))
		if s == string(b) {
			t.Fatalf("%s: nothing to change", p)
		}
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		for path, b := range old {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
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

// Issue 18, issue 29 item 13: a corpus edit that contradicts an approved
// answer regresses its question and fails the gate, naming the passage
// and the engine's confidence, in every format; fixing the corpus again
// reads as improvements against the broken run.
func TestEvalCorpusContradictsApprovedAnswer(t *testing.T) {
	t.Parallel()
	ws := copySample(t)
	base := []string{"--data", filepath.Join(t.TempDir(), "data"), "--corpus", ws}
	golden := filepath.Join(ws, "golden.xlsx")
	first := decodeEval(t, run(t, nil, append(base, "eval", "--golden", golden, "--gate", "--json")...))
	if !first.Gate.Pass {
		t.Fatalf("the sample's gate fails before any edit: %q", first.Gate.Failures)
	}

	restore := changeRefundWindow(t, ws)
	out := t.TempDir()
	junit, page, book := filepath.Join(out, "eval.xml"), filepath.Join(out, "eval.html"), filepath.Join(out, "eval.xlsx")
	r := run(t, nil, append(base, "eval", "--golden", golden, "--gate", "--baseline", "last", "--junit", junit, "--html", page, "--xlsx", book, "--json")...)
	second := decodeEval(t, r)
	const want = "Q031" // "after 30 days, monthly plans aren't refunded": the page now says 14
	reason := want + ": approved answer contradicted by blog-longer-refund-window#2: \"- After 14 days on a monthly plan"
	var named string
	for _, f := range second.Gate.Failures {
		if strings.HasPrefix(f, reason) {
			named = f
		}
	}
	if r.code != ExitFailed || second.Gate.Pass || !strings.Contains(named, "(confidence 0.") {
		t.Fatalf("gate: exit %d, failures %q; want exit %d naming %q with its confidence", r.code, second.Gate.Failures, ExitFailed, reason)
	}
	if second.Baseline == nil || second.Baseline.BaselineRunID != first.RunID {
		t.Fatalf("no diff against %s: %+v (stderr %s)", first.RunID, second.Baseline, r.stderr)
	}
	sum := second.Baseline.Summary
	var regressed []string
	for _, q := range second.Questions {
		if q.ApprovedContradicted != nil {
			regressed = append(regressed, q.ID)
			if q.Change != "regressed" {
				t.Errorf("%s: change %q, want regressed", q.ID, q.Change)
			}
		}
	}
	t.Logf("summary %+v, approved answers contradicted: %v", sum, regressed)
	if !slices.Contains(regressed, want) || sum.Regressed < len(regressed) || sum.ApprovedContradicted != len(regressed) {
		t.Fatalf("regressed %v, summary %+v; want %s among them, each counted", regressed, sum, want)
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
			if s.Name == "questions" && c.Failure != nil && c.Failure.Type == "approved_contradicted" {
				failed[c.Name] = c.Failure.Message
			}
		}
	}
	if msg := failed[want]; !strings.HasPrefix(msg, reason) {
		t.Errorf("JUnit failure of %s = %q, want %q…", want, msg, reason)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(html), "approved answer contradicted by blog-longer-refund-window#2") {
		t.Errorf("HTML scorecard does not name the passage")
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
	col := slices.Index(rows[0], "Approved answer contradicted")
	for _, row := range rows[1:] {
		if row[0] == want && (col < 0 || col >= len(row) || !strings.HasPrefix(row[col], want+": approved answer contradicted by")) {
			t.Errorf("xlsx Questions row %s: %q, want the contradiction in column %d", want, row, col)
		}
	}
	if text := run(t, nil, append(base, "eval", "show", second.RunID, "--baseline", first.RunID)...); !strings.Contains(text.stdout, "approved answer contradicted by blog-longer-refund-window#2") {
		t.Errorf("eval show (text) does not name the passage:\n%s", text.stdout)
	}

	// The corpus fixed: against the broken run, the same questions improved.
	restore()
	third := decodeEval(t, run(t, nil, append(base, "eval", "--golden", golden, "--gate", "--baseline", "last", "--json")...))
	if !third.Gate.Pass || third.Baseline == nil || third.Baseline.BaselineRunID != second.RunID {
		t.Fatalf("after the fix: gate %+v, baseline %+v; want a pass against %s", third.Gate, third.Baseline, second.RunID)
	}
	if s := third.Baseline.Summary; s.Regressed != 0 || s.Improved < len(regressed) {
		t.Errorf("after the fix: %+v, want 0 regressions and %d improvements", s, len(regressed))
	}
}
