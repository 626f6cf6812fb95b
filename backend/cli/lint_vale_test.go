package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const sampleVale = "../voice/vale/testdata/sample/.vale.ini"

// lint --vale over the six sample drafts prints, per draft, what real Vale
// reports with the equivalent of guidelines.md (the golden file of
// backend/voice/vale) less its one known difference, and says on stderr
// which rules ran.
func TestLintValeFindsWhatValeFinds(t *testing.T) {
	t.Parallel()
	drafts, err := filepath.Glob(filepath.Join(sampleCorpus, "drafts", "*.md"))
	if err != nil || len(drafts) != 6 {
		t.Fatalf("want the six sample drafts, got %v (%v)", drafts, err)
	}
	r := runLintCLI(t, append([]string{"lint", "--json", "--vale", sampleVale}, drafts...)...)
	if r.code != ExitFailed {
		t.Fatalf("exit %d, want 1 for required (Vale error) issues; stderr %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "voice rules: .vale.ini (Vale style Continuity)") {
		t.Errorf("stderr does not name the rules in use:\n%s", r.stderr)
	}
	var got []string
	for _, is := range decodeLint(t, r.stdout) {
		got = append(got, filepath.Base(is.File)+":"+strconv.Itoa(is.Line)+":"+strconv.Itoa(is.Col)+":"+is.Rule)
	}
	b, err := os.ReadFile("../voice/vale/testdata/sample/expected.txt")
	if err != nil {
		t.Fatal(err)
	}
	// Vale's sentence tokenizer joins two sentences at an e-mail address
	// here (see TestSampleDrafts in backend/voice/vale).
	const sentenceSplitter = "prompt-injection.md:7:100:Continuity.SentenceLength"
	var want []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		parts := strings.SplitN(l, ":", 5)
		if strings.Join(parts[:4], ":") == sentenceSplitter {
			continue
		}
		want = append(want, strings.Join(parts[:4], ":"))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lint --vale:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A missing configuration is a usage-level failure with its path, not a
// silent fall back to guidelines.md.
func TestLintValeMissingConfigFails(t *testing.T) {
	t.Parallel()
	r := runLintCLI(t, "lint", "--vale", filepath.Join(t.TempDir(), ".vale.ini"), filepath.Join(sampleCorpus, "drafts", "pricing-faq.md"))
	if r.code != ExitError || !strings.Contains(r.stderr, "no Vale configuration") {
		t.Fatalf("exit %d, stderr %s; want 2 naming the missing configuration", r.code, r.stderr)
	}
}

// check --vale uses the configuration for the voice part and says so.
func TestCheckValeSaysWhichRulesRan(t *testing.T) {
	t.Parallel()
	r := runLintCLI(t, "check", "--engine", "offline", "--json", "--vale", sampleVale, filepath.Join(sampleCorpus, "drafts", "pricing-faq.md"))
	if r.code == ExitError {
		t.Fatalf("exit %d; stderr %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "voice rules: .vale.ini (Vale style Continuity)") {
		t.Errorf("stderr does not name the rules in use:\n%s", r.stderr)
	}
	if !strings.Contains(r.stdout, "Continuity.USSpelling") {
		t.Errorf("the report has no Vale rule's issue:\n%s", r.stdout)
	}
}
