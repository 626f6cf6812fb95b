package mcpserver

import (
	"fmt"
	"strings"

	"continuity/backend/check"
)

var verdictWords = map[string]string{"supported": "SUPPORTED", "contradicted": "CONTRADICTED", "not_covered": "NOT COVERED"}

// renderCheck is the readable face of a check for the assistant's user;
// the structured content carries the full JSON.
func renderCheck(rep check.Report) string {
	var b strings.Builder
	s := rep.Summary
	fmt.Fprintf(&b, "Draft check · %s · %d claims: %d contradicted, %d not covered, %d supported\n",
		check.EngineLabel(rep.Engine, rep.Model), len(rep.Claims), s.Contradicted, s.NotCovered, s.Supported)
	for _, c := range rep.Claims {
		fmt.Fprintf(&b, "\n[%s] paragraph %d: %s\n", verdictWords[c.Verdict], c.Paragraph+1, oneLine(c.Text, 300))
		if c.Resolved != "" {
			fmt.Fprintf(&b, "  read as: %s\n", oneLine(c.Resolved, 300))
		}
		if c.Explanation != "" {
			fmt.Fprintf(&b, "  why: %s\n", oneLine(c.Explanation, 400))
		}
		for _, e := range c.Evidence {
			fmt.Fprintf(&b, "  source: %s (%s): %q\n", e.Title, e.DocID, oneLine(e.Quote, 300))
		}
		if c.Differs != "" {
			fmt.Fprintf(&b, "  %s\n", oneLine(c.Differs, 300))
		}
		if e := c.Closest; e != nil {
			fmt.Fprintf(&b, "  closest: %s (%s): %q\n", e.Title, e.DocID, oneLine(e.Quote, 300))
		}
	}
	if rep.VoiceScore != nil {
		fmt.Fprintf(&b, "\nVoice & tone · score %.0f · %d issue(s)\n", *rep.VoiceScore, len(rep.Voice))
		for _, v := range rep.Voice {
			fmt.Fprintf(&b, "  [%s] %q: %s\n", v.Level, oneLine(v.Passage, 120), oneLine(v.Guideline, 200))
		}
	}
	return b.String()
}

// oneLine folds whitespace and cuts s to n characters, marking the cut.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
