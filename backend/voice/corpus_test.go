package voice

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type plantedVoice struct {
	Paragraph int    `json:"paragraph"`
	Passage   string `json:"passage"`
	Rule      string `json:"rule"`
	Level     string `json:"level"`
}

// paragraphSpan finds the n-th blank-line separated paragraph; answer keys count from 0 (the title).
func paragraphSpan(text string, n int) (int, int, bool) {
	i, pos := -1, 0
	for _, para := range strings.SplitAfter(text, "\n\n") {
		if strings.TrimSpace(para) != "" {
			i++
			if i == n {
				return pos, pos + len(para), true
			}
		}
		pos += len(para)
	}
	return 0, 0, false
}

// TestSampleDraftsRecall runs the offline engine with the sample guide over
// every sample draft and measures recall of the planted voice issues.
func TestSampleDraftsRecall(t *testing.T) {
	src, err := os.ReadFile("../../corpus/guidelines.md")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Parse(string(src))
	if err != nil {
		t.Fatalf("sample guidelines: %v", err)
	}
	keys, _ := filepath.Glob("../../corpus/drafts/*.expected.json")
	if len(keys) == 0 {
		t.Fatal("no answer keys found")
	}
	planted, found, levelOK, extra := 0, 0, 0, 0
	for _, key := range keys {
		raw, err := os.ReadFile(key)
		if err != nil {
			t.Fatal(err)
		}
		var ak struct {
			Voice []plantedVoice `json:"voice"`
		}
		if err := json.Unmarshal(raw, &ak); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		draftPath := strings.TrimSuffix(key, ".expected.json") + ".md"
		text, err := os.ReadFile(draftPath)
		if err != nil {
			t.Fatal(err)
		}
		issues, err := NewOffline(g).Check(context.Background(), string(text))
		if err != nil {
			t.Fatal(err)
		}
		matched := make([]bool, len(issues))
		for _, pv := range ak.Voice {
			planted++
			ps, pe, ok := paragraphSpan(string(text), pv.Paragraph)
			at := strings.Index(string(text)[ps:pe], pv.Passage)
			if !ok || at < 0 {
				t.Errorf("%s: planted passage %q not in paragraph %d", filepath.Base(key), pv.Passage, pv.Paragraph)
				continue
			}
			s, e := ps+at, ps+at+len(pv.Passage)
			hit := false
			for i, is := range issues {
				if is.Rule == pv.Rule && is.Start < e && s < is.End {
					matched[i], hit = true, true
					if string(is.Level) == pv.Level {
						levelOK++
					}
					break
				}
			}
			if hit {
				found++
			} else {
				t.Logf("%s: missed %s %q (paragraph %d)", filepath.Base(draftPath), pv.Rule, pv.Passage, pv.Paragraph)
			}
		}
		for i, m := range matched {
			if !m {
				extra++
				t.Logf("%s: extra %s/%s %q", filepath.Base(draftPath), issues[i].Rule, issues[i].Level, issues[i].Passage)
			}
		}
	}
	recall := float64(found) / float64(planted)
	t.Logf("voice recall %d/%d = %.2f, level agreement %d/%d, extra issues %d", found, planted, recall, levelOK, found, extra)
	if recall < 0.9 {
		t.Errorf("recall %.2f, want ≥ 0.90", recall)
	}
}
