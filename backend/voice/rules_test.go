package voice

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

type goldenIssue struct {
	Passage     string `json:"passage"`
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Rule        string `json:"rule"`
	Guideline   string `json:"guideline"`
	Explanation string `json:"explanation"`
	Suggestion  string `json:"suggestion"`
	Concrete    bool   `json:"concrete"`
	Level       Level  `json:"level"`
}

// TestRuleFixtures runs each rule kind's fixture: testdata/rules/<kind>/
// rules.yml (given as front matter) over input.md, compared with expected.json.
func TestRuleFixtures(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob("testdata/rules/*")
	if err != nil || len(dirs) != len(kinds) {
		t.Fatalf("want one fixture folder per rule kind (%d), got %d (%v)", len(kinds), len(dirs), err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			rules, err := os.ReadFile(filepath.Join(dir, "rules.yml"))
			if err != nil {
				t.Fatal(err)
			}
			input, err := os.ReadFile(filepath.Join(dir, "input.md"))
			if err != nil {
				t.Fatal(err)
			}
			g, err := Parse("---\n" + string(rules) + "---\n# Guide\n")
			if err != nil {
				t.Fatalf("parse rules: %v", err)
			}
			issues, err := NewOffline(g).Check(context.Background(), string(input))
			if err != nil {
				t.Fatal(err)
			}
			got := []goldenIssue{}
			for _, is := range issues {
				if string(input)[is.Start:is.End] != is.Passage {
					t.Errorf("offsets %d:%d slice %q, passage is %q", is.Start, is.End, string(input)[is.Start:is.End], is.Passage)
				}
				got = append(got, goldenIssue{is.Passage, is.Start, is.End, is.Rule, is.Guideline, is.Explanation, is.Suggestion, is.Concrete, is.Level})
			}
			b, _ := json.MarshalIndent(got, "", "  ")
			b = append(b, '\n')
			path := filepath.Join(dir, "expected.json")
			if *update {
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(b, want) {
				t.Errorf("issues differ from %s (run go test -update after checking):\ngot:\n%s", path, b)
			}
			if len(got) == 0 {
				t.Error("fixture produced no issues; it tests nothing")
			}
		})
	}
}
