package cli

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"continuity/backend/check"
	"continuity/backend/engine"
	"continuity/backend/session"
	"continuity/backend/workspace"
)

// runLintCLI runs continuity over the sample workspace (its guidelines).
func runLintCLI(t *testing.T, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	all := append([]string{"--data", t.TempDir(), "--corpus", sampleCorpus}, args...)
	code := Main(context.Background(), all, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	return result{code, out.String(), errb.String()}
}

func decodeLint(t *testing.T, stdout string) []lintIssue {
	t.Helper()
	var got []lintIssue
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("lint --json is not an array of issues: %v\n%s", err, stdout)
	}
	return got
}

// lint over the six sample drafts in one process finds exactly the voice
// issues the existing voice check (check.RunVoice, which check and the
// desktop run) finds in each, at the same places.
func TestLintFindsTheVoiceCheckIssuesOfTheSampleDrafts(t *testing.T) {
	t.Parallel()
	drafts, err := filepath.Glob(filepath.Join(sampleCorpus, "drafts", "*.md"))
	if err != nil || len(drafts) != 6 {
		t.Fatalf("want the six sample drafts, got %v (%v)", drafts, err)
	}
	r := runLintCLI(t, append([]string{"lint", "--json", "--fail-on", "required"}, drafts...)...)
	if r.code != ExitFailed {
		t.Fatalf("exit %d, want 1 for required issues; stderr %s", r.code, r.stderr)
	}
	got := decodeLint(t, r.stdout)

	ctx := context.Background()
	s, err := session.Open(ctx, session.Options{DataDir: t.TempDir(), CorpusFlag: sampleCorpus})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ws, err := workspace.Open(sampleCorpus)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, d := range drafts {
		raw, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		res, err := check.RunVoice(ctx, s, ws, string(raw), engine.Offline)
		if err != nil {
			t.Fatal(err)
		}
		pos := newPositions(string(raw))
		for _, is := range res.Issues {
			line, col := pos.at(is.Start)
			want = append(want, fmt.Sprintf("%s:%d:%d %s %s %q", d, line, col, is.Level, is.Rule, is.Passage))
		}
	}
	var have []string
	for _, is := range got {
		have = append(have, fmt.Sprintf("%s:%d:%d %s %s %q", is.File, is.Line, is.Col, is.Level, is.Rule, is.Passage))
	}
	sort.Strings(want)
	sort.Strings(have)
	if strings.Join(have, "\n") != strings.Join(want, "\n") {
		t.Fatalf("lint found\n%s\nthe voice check finds\n%s", strings.Join(have, "\n"), strings.Join(want, "\n"))
	}
	if len(got) != 33 {
		t.Fatalf("got %d issues, want the sample drafts' 33", len(got))
	}
	if !strings.Contains(r.stderr, "33 voice issue(s) in 6 file(s)") {
		t.Errorf("summary line missing from stderr %q", r.stderr)
	}
}

func TestLintOutputLocatesIssues(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	md := filepath.Join(dir, "d.md")
	// line 3; "Café — our " is 11 characters but 14 bytes: columns count characters
	if err := os.WriteFile(md, []byte("# Title\n\nCafé — our revolutionary app.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runLintCLI(t, "lint", md)
	want := md + ":3:12 required avoid-words Don't use “revolutionary”."
	if r.code != ExitFailed || !strings.Contains(r.stdout, want+"\n") {
		t.Fatalf("exit %d stdout %q, want 1 and a line %q", r.code, r.stdout, want)
	}
	r = runLintCLI(t, "lint", "--json", md)
	got := decodeLint(t, r.stdout)
	if len(got) != 1 {
		t.Fatalf("got %+v", got)
	}
	is := got[0]
	if is.Line != 3 || is.Col != 12 || is.EndLine != 3 || is.EndCol != 24 || is.Passage != "revolutionary" || is.Level != "required" ||
		is.Rule != "avoid-words" || is.Suggestion == "" || is.File != md {
		t.Fatalf("issue %+v", is)
	}
}

func TestLintReadsOtherFormats(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	html := filepath.Join(dir, "d.html")
	if err := os.WriteFile(html, []byte("<nav>simply the menu</nav><h1>Refunds</h1><p>It is simply done.</p>"), 0o600); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("word/document.xml")
	_, _ = w.Write([]byte(`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Refunds</w:t></w:r></w:p><w:p><w:r><w:t>It is simply done.</w:t></w:r></w:p></w:body></w:document>`))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	docx := filepath.Join(dir, "d.docx")
	if err := os.WriteFile(docx, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runLintCLI(t, "lint", html, docx)
	// both read as "# Refunds\n\nIt is simply done.": the menu is no text
	for _, f := range []string{html, docx} {
		if want := f + ":3:7 recommended avoid-words Avoid “simply”.\n"; !strings.Contains(r.stdout, want) {
			t.Errorf("stdout %q lacks %q", r.stdout, want)
		}
	}
	if strings.Count(r.stdout, "\n") != 2 || r.code != ExitOK {
		t.Fatalf("exit %d stdout %q, want two recommended issues and exit 0 (default --fail-on required)", r.code, r.stdout)
	}
}

func TestLintExitCodes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	clean := write("clean.md", "# Refunds\n\nYou can ask for a refund within 30 days.\n")
	recommended := write("rec.md", "# Refunds\n\nIt is simply done.\n")
	required := write("req.md", "# Refunds\n\nOur revolutionary refunds.\n")
	binary := write("bin.md", "a\x00\x00b")
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"clean", []string{"lint", clean}, ExitOK, "0 voice issue(s) in 1 file(s)"},
		{"recommended below the default gate", []string{"lint", recommended}, ExitOK, "1 voice issue(s)"},
		{"recommended at its gate", []string{"lint", "--fail-on", "recommended", recommended}, ExitFailed, "1 recommended"},
		{"required fails by default", []string{"lint", clean, required}, ExitFailed, "1 required"},
		{"unreadable file is named", []string{"lint", clean, filepath.Join(dir, "missing.md")}, ExitError, "missing.md"},
		{"binary file is named", []string{"lint", required, binary}, ExitError, "bin.md: not a text file"},
		{"unsupported file is named", []string{"lint", write("d.pdf", "%PDF")}, ExitError, "d.pdf: a draft must be"},
		{"bad fail-on", []string{"lint", "--fail-on", "all", clean}, ExitError, "--fail-on must be required or recommended"},
		{"no files", []string{"lint"}, ExitError, "lint needs one or more FILEs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := runLintCLI(t, c.args...)
			if r.code != c.code || !strings.Contains(r.stderr, c.stderr) {
				t.Fatalf("exit %d stderr %q, want %d and %q", r.code, r.stderr, c.code, c.stderr)
			}
		})
	}
}

func TestLintIsListedInHelp(t *testing.T) {
	t.Parallel()
	r := run(t, nil, "help")
	if !strings.Contains(r.stdout, "lint ") {
		t.Fatalf("help does not list lint:\n%s", r.stdout)
	}
	r = run(t, nil, "help", "lint")
	if r.code != ExitOK || !strings.Contains(r.stdout, "--fail-on") {
		t.Fatalf("help lint: %d %s", r.code, r.stdout)
	}
}
