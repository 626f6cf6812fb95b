package cli

import (
	"fmt"
	"io"
	"strings"

	"continuity/backend/check"
)

// checkJSON is the documented --json shape, shared with the MCP server.
type checkJSON = check.JSONReport

func contractJSON(rep check.Report) checkJSON { return check.ContractJSON(rep) }

var verdictMarks = map[string]string{"supported": "✓ SUPPORTED   ", "contradicted": "✗ CONTRADICTED", "not_covered": "? NOT COVERED "}

// writeCheckText lists the findings paragraph by paragraph.
func writeCheckText(w io.Writer, rep check.Report) {
	s := rep.Summary
	fmt.Fprintf(w, "Draft check · %s · %d claims: %d contradicted, %d not covered, %d supported\n",
		check.EngineLabel(rep.Engine, rep.Model), len(rep.Claims), s.Contradicted, s.NotCovered, s.Supported)
	if sv := rep.SentenceVectors; sv != nil && sv.Have < sv.Total {
		fmt.Fprintf(w, "sentence vectors: %d of %d published sentences so far (this check embedded the ones it read; continuity index fills the rest)\n", sv.Have, sv.Total)
	}
	para := -1
	for _, c := range rep.Claims {
		if c.Paragraph != para {
			para = c.Paragraph
			fmt.Fprintf(w, "\nParagraph %d\n", para+1)
		}
		conf := ""
		if c.Confidence != nil {
			conf = " (" + check.ConfidenceLabel(c.Confidence) + ")"
		}
		fmt.Fprintf(w, "  %s%s  %s\n", verdictMarks[c.Verdict], conf, snippet(c.Text, 200))
		if c.Resolved != "" {
			fmt.Fprintf(w, "      read as: %s\n", snippet(c.Resolved, 200))
		}
		if c.Explanation != "" {
			fmt.Fprintf(w, "      %s\n", snippet(c.Explanation, 300))
		}
		for _, e := range c.Evidence {
			fmt.Fprintf(w, "      ↳ %s (%s): “%s”\n", e.Title, e.ChunkID, snippet(e.Quote, 240))
		}
		if c.Differs != "" {
			fmt.Fprintf(w, "      %s\n", snippet(c.Differs, 300))
		}
		if e := c.Closest; e != nil {
			fmt.Fprintf(w, "      closest: %s (%s): “%s”\n", e.Title, e.ChunkID, snippet(e.Quote, 240))
		}
		if len(c.Flags) > 0 {
			fmt.Fprintf(w, "      flags: %s\n", strings.Join(c.Flags, ", "))
		}
	}
	if rep.VoiceScore != nil {
		fmt.Fprintf(w, "\nVoice & tone · score %.0f · %d issue(s)\n", *rep.VoiceScore, len(rep.Voice))
		for _, v := range rep.Voice {
			fmt.Fprintf(w, "  ✎ %s [%s] “%s” — %s\n", v.Guideline, v.Level, snippet(v.Passage, 120), snippet(v.Explanation, 200))
		}
	}
}
