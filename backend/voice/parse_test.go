package voice

import (
	"errors"
	"strings"
	"testing"
)

const validRule = "  - name: avoid\n    kind: existence\n    level: required\n    message: no\n    tokens: [x]\n"

func TestParseLocatesErrors(t *testing.T) {
	t.Parallel()
	// The fenced block starts on file line 5, so YAML line n is file line n+4.
	fenced := func(yaml string) string { return "# Guide\n\nProse.\n\n## Rules\n\n```yaml\n" + yaml + "```\n" }
	tests := []struct {
		name     string
		doc      string
		wantLine int
		wantMsg  string
	}{
		{"unknown key in a rule", fenced("rules:\n" + validRule + "    tokenz: [y]\n"), 14, `unknown key "tokenz"`},
		{"unknown top-level key", fenced("rulez: []\n"), 8, "rulez"},
		{"invalid regex pattern", fenced("rules:\n  - name: caps\n    kind: existence\n    level: required\n    message: m\n    patterns: ['[A-Z']\n"), 13, "invalid pattern"},
		{"invalid exception", fenced("rules:\n" + validRule + "    exceptions: ['(']\n"), 14, "invalid exception"},
		{"bad level", fenced("rules:\n  - name: a\n    kind: existence\n    level: must\n    message: m\n    tokens: [x]\n"), 11, "level"},
		{"unknown kind", fenced("rules:\n  - name: a\n    kind: spelling\n"), 10, "unknown rule kind"},
		{"missing message", fenced("rules:\n  - name: a\n    kind: existence\n    level: required\n    tokens: [x]\n"), 9, "message is required"},
		{"yaml syntax", fenced("rules:\n  - name: [a\n"), 0, ""},
		{"occurrence without max", fenced("rules:\n  - name: bang\n    kind: occurrence\n    level: required\n    message: m\n    token: '!'\n"), 9, "max"},
		{"front matter unknown key", "---\nrules:\n" + validRule + "    colour: red\n---\n# Guide\n", 8, `unknown key "colour"`},
		{"no rules block", "# Guide\n\nJust prose.\n", 0, "no rules block"},
		{"rules heading without block", "# Guide\n\n## Rules\n\nLater.\n", 3, "no ```yaml block"},
		{"unclosed fence", "## Rules\n```yaml\nrules: []\n", 2, "never closed"},
		{"empty substitution", fenced("rules:\n  - name: a\n    kind: substitution\n    level: required\n    message: m\n"), 9, "swap is required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse(tc.doc)
			var pe *ParseError
			if !errors.As(err, &pe) || len(pe.Errors) == 0 {
				t.Fatalf("got %v, want a ParseError", err)
			}
			first := pe.Errors[0]
			if tc.wantMsg == "" { // only check that a real line is given
				if first.Line <= 0 {
					t.Errorf("got line %d, want a line number: %v", first.Line, err)
				}
				return
			}
			if first.Line != tc.wantLine || !strings.Contains(first.Message, tc.wantMsg) {
				t.Errorf("got %v, want line %d containing %q", first, tc.wantLine, tc.wantMsg)
			}
		})
	}
}

func TestParseReportsEveryError(t *testing.T) {
	t.Parallel()
	doc := "---\nrules:\n  - name: a\n    kind: existence\n    level: x\n    message: m\n    tokens: [y]\n  - name: B c\n    kind: existence\n    level: required\n    message: m\n    patterns: ['(']\n---\n"
	_, err := Parse(doc)
	var pe *ParseError
	if !errors.As(err, &pe) || len(pe.Errors) != 3 {
		t.Fatalf("got %v, want 3 errors (level, name, pattern)", err)
	}
	for _, e := range pe.Errors {
		if e.Line < 2 || e.Line > 13 {
			t.Errorf("error %v is outside the front matter", e)
		}
	}
}

func TestSampleGuidelinesParse(t *testing.T) {
	t.Parallel()
	g := mustSample(t)
	if g.RuleCount() < 7 {
		t.Errorf("got %d rules, want the sample guide's rules", g.RuleCount())
	}
}

func FuzzParse(f *testing.F) {
	f.Add("---\nrules:\n" + validRule + "---\n")
	f.Add("## Rules\n```yaml\nrules:\n  - {name: a, kind: occurrence, level: required, message: m, token: '!', max: 1}\n```\n")
	f.Add("## Rules\n```yaml\nrules:\n  - name: a\n    kind: readability\n    level: recommended\n    message: m\n    max_words: 3\n```\n")
	f.Add("## Rules\n```yaml\nrules: [1, 2]\n```")
	f.Add("---\n\x00: [\n---")
	f.Fuzz(func(t *testing.T, doc string) {
		g, err := Parse(doc)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || len(pe.Errors) == 0 {
				t.Fatalf("error %v is not a located ParseError", err)
			}
			return
		}
		if g.RuleCount() == 0 {
			t.Fatal("parsed guidelines without rules")
		}
		issues, err := NewOffline(g).Check(t.Context(), doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range issues {
			if doc[is.Start:is.End] != is.Passage {
				t.Fatalf("offsets %d:%d do not slice %q", is.Start, is.End, is.Passage)
			}
		}
	})
}

// A guide saved by an editor that writes a byte-order mark keeps its
// front-matter rules and its error lines.
func TestParseAfterByteOrderMark(t *testing.T) {
	t.Parallel()
	g, err := Parse("\ufeff---\nrules:\n" + validRule + "---\n# Guide\n")
	if err != nil {
		t.Fatalf("BOM-prefixed guide: %v", err)
	}
	if g.RuleCount() != 1 {
		t.Errorf("got %d rules, want 1", g.RuleCount())
	}
	_, err = Parse("\ufeff---\nrules:\n" + validRule + "    colour: red\n---\n")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Errors[0].Line != 8 {
		t.Fatalf("got %v, want the unknown key at line 8", err)
	}
}
