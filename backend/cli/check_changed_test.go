package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/changed"
)

// gitTestEnv keeps the machine's git configuration out of the tests.
var gitTestEnv = []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
	"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com"}

// docsRepo is a git repository holding a copy of the sample corpus:
// committed on main, with a branch "change" checked out.
func docsRepo(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "docs")
	if err := os.CopyFS(dir, os.DirFS(sampleCorpus)); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "init", "-q", "-b", "main")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-qm", "sample corpus")
	gitIn(t, dir, "checkout", "-qb", "change")
	return dir
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gitTestEnv...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// commitEdit replaces old with new in rel and commits it.
func commitEdit(t *testing.T, dir, rel, old, new string) {
	t.Helper()
	p := filepath.Join(dir, rel)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s does not contain %q", rel, old)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o600); err != nil {
		t.Fatal(err)
	}
	gitIn(t, dir, "commit", "-qam", "edit "+rel)
}

// runIn runs the CLI on the workspace repo with a fresh data dir.
func runIn(t *testing.T, repo string, args ...string) (int, string, string) {
	t.Helper()
	return runInData(t, t.TempDir(), repo, args...)
}

func runInData(t *testing.T, data, repo string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	full := append([]string{"--data", data, "--corpus", repo}, args...)
	code := Main(context.Background(), full, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	return code, out.String(), errb.String()
}

func decodeChanged(t *testing.T, stdout string) changed.Report {
	t.Helper()
	var rep changed.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	return rep
}

func TestCheckChangedRefundWindowIsContradicted(t *testing.T) {
	t.Parallel()
	repo := docsRepo(t)
	commitEdit(t, repo, "content/help/refund-policy.md", "within **30 days** of any payment", "within **14 days** of any payment")
	junit := filepath.Join(t.TempDir(), "report.xml")
	data := t.TempDir()
	code, stdout, stderr := runInData(t, data, repo, "check", "--changed", "--engine", "offline", "--junit", junit)
	if code != ExitFailed {
		t.Fatalf("exit %d, want 1; stdout %s stderr %s", code, stdout, stderr)
	}
	const want = "content/help/refund-policy.md:16: contradicted: You can request a full refund within **14 days** of any payment to Tallyhub (corpus: "
	if !strings.Contains(stdout, want) {
		t.Fatalf("stdout does not name the file and line:\n%s", stdout)
	}
	// checked against the rest of the corpus: the page never cites itself
	if strings.Contains(stdout, "(corpus: help-refund-policy#") {
		t.Fatalf("the page was checked against its own text:\n%s", stdout)
	}
	if !strings.Contains(stdout, "1 page(s), 1 paragraph(s) checked: 1 contradicted") {
		t.Errorf("summary missing:\n%s", stdout)
	}
	raw, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Text string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(raw, &suites); err != nil {
		t.Fatalf("junit: %v\n%s", err, raw)
	}
	if suites.Tests != 1 || suites.Failures != 1 || suites.Suites[0].Cases[0].Name != "content/help/refund-policy.md:16-16" ||
		!strings.Contains(suites.Suites[0].Cases[0].Failure.Text, want) {
		t.Fatalf("junit %s", raw)
	}

	code, stdout, _ = runInData(t, data, repo, "--json", "check", "--changed", "--engine", "offline", "--base", "main")
	rep := decodeChanged(t, stdout)
	if code != ExitFailed || len(rep.Files) != 1 || len(rep.Files[0].Paragraphs) != 1 || rep.Summary.Contradicted != 1 || rep.Base == "" {
		t.Fatalf("exit %d, json %s", code, stdout)
	}
	var contradicted []changed.Claim
	for _, c := range rep.Files[0].Paragraphs[0].Claims {
		if c.Verdict == "contradicted" {
			contradicted = append(contradicted, c)
		}
	}
	if len(contradicted) != 1 || contradicted[0].File != "content/help/refund-policy.md" || contradicted[0].Line != 16 || contradicted[0].Col != 1 ||
		len(contradicted[0].Evidence) == 0 || !strings.Contains(contradicted[0].Evidence[0].Quote, "30 days") {
		t.Fatalf("contradicted claims %+v", contradicted)
	}
}

func TestCheckChangedTypoFixChecksOnlyThatParagraph(t *testing.T) {
	t.Parallel()
	repo := docsRepo(t)
	// main holds the typo; the change only fixes it
	gitIn(t, repo, "checkout", "-q", "main")
	commitEdit(t, repo, "content/help/refund-policy.md", "You don't need to give a reason.", "You don't need to give a reasn.")
	gitIn(t, repo, "checkout", "-qb", "typo-fix")
	commitEdit(t, repo, "content/help/refund-policy.md", "give a reasn.", "give a reason.")
	code, stdout, stderr := runIn(t, repo, "--json", "check", "--changed", "--engine", "offline")
	if code != ExitOK {
		t.Fatalf("exit %d, want 0; stdout %s stderr %s", code, stdout, stderr)
	}
	rep := decodeChanged(t, stdout)
	if rep.Paragraphs != 1 || len(rep.Files) != 1 || len(rep.Files[0].Paragraphs) != 1 {
		t.Fatalf("want exactly one paragraph checked: %s", stdout)
	}
	p := rep.Files[0].Paragraphs[0]
	if p.StartLine != 16 || p.EndLine != 16 || rep.Files[0].Unchanged != 7 || len(p.Claims) == 0 {
		t.Fatalf("checked paragraph %+v, unchanged %d", p, rep.Files[0].Unchanged)
	}
	for _, c := range p.Claims {
		if c.Line != 16 {
			t.Errorf("claim %q at line %d, want 16", c.Text, c.Line)
		}
	}
}

func TestCheckChangedNewRenamedAndDeletedPages(t *testing.T) {
	t.Parallel()
	repo := docsRepo(t)
	page := "---\nid: help-new-page\ntitle: Invoice reminders\n---\n\n# Invoice reminders\n\n" +
		"Tallyhub sends a reminder three days before an invoice is due.\n\n" +
		"You can turn reminders off for each client.\n\n" +
		"Reminders go out in the language of the invoice.\n"
	if err := os.WriteFile(filepath.Join(repo, "content", "help", "reminder-schedule.md"), []byte(page), 0o600); err != nil {
		t.Fatal(err)
	}
	html := "<html><head><title>Late fees</title></head><body>\n<h1>Late fees</h1>\n<p>Tallyhub never adds a late fee\nto an invoice on its own.</p>\n</body></html>\n"
	if err := os.WriteFile(filepath.Join(repo, "content", "help", "late-fees.html"), []byte(html), 0o600); err != nil {
		t.Fatal(err)
	}
	gitIn(t, repo, "mv", "content/help/export-your-data.md", "content/help/export-data.md")
	gitIn(t, repo, "rm", "-q", "content/help/connect-stripe.md")
	gitIn(t, repo, "add", "-A")
	gitIn(t, repo, "commit", "-qm", "reorganize")
	data := t.TempDir()
	code, stdout, stderr := runInData(t, data, repo, "check", "--changed", "--engine", "offline")
	if code == ExitError {
		t.Fatalf("exit %d; stderr %s", code, stderr)
	}
	for _, want := range []string{
		"content/help/connect-stripe.md: deleted: nothing to check",
		"content/help/export-data.md: renamed, 0 changed paragraph(s) checked, ",
		"content/help/reminder-schedule.md: added, 3 changed paragraph(s) checked (lines 8, 10, 12), 0 unchanged",
		"content/help/late-fees.html: added, 1 changed paragraph(s) checked (lines 3-4), 0 unchanged",
		"4 page(s), 4 paragraph(s) checked",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	// an HTML page is checked as its visible text; its claims still point into the source
	_, stdout, _ = runInData(t, data, repo, "--json", "check", "--changed", "--engine", "offline")
	for _, f := range decodeChanged(t, stdout).Files {
		if f.Path != "content/help/late-fees.html" {
			continue
		}
		if len(f.Paragraphs) != 1 || len(f.Paragraphs[0].Claims) != 1 {
			t.Fatalf("html page %+v", f)
		}
		if c := f.Paragraphs[0].Claims[0]; c.Line != 3 || c.Col != 4 {
			t.Errorf("html claim %q at %d:%d, want 3:4", c.Text, c.Line, c.Col)
		}
	}
}

func TestCheckChangedErrors(t *testing.T) {
	t.Parallel()
	plain := filepath.Join(t.TempDir(), "plain")
	if err := os.CopyFS(plain, os.DirFS(sampleCorpus)); err != nil {
		t.Fatal(err)
	}
	repo := docsRepo(t)
	tests := []struct {
		name   string
		corpus string
		args   []string
		want   string
	}{
		{"not a git repository", plain, []string{"check", "--changed"}, "not a git repository"},
		{"base not found", repo, []string{"check", "--changed", "--base", "origin/nope"}, `base not found: tried origin/nope`},
		{"base without changed", repo, []string{"check", "--base", "main", "x.md"}, "--base needs --changed"},
		{"junit without changed", repo, []string{"check", "--junit", "r.xml", "x.md"}, "--junit needs --changed"},
		{"file with changed", repo, []string{"check", "--changed", "x.md"}, "takes no FILE"},
		{"lint outside git", plain, []string{"lint", "--changed"}, "not a git repository"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, _, stderr := runIn(t, tc.corpus, tc.args...)
			if code != ExitError || !strings.Contains(stderr, tc.want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, stderr, tc.want)
			}
		})
	}
}
