package cli

import (
	"fmt"
	"io"
	"strings"

	"continuity/backend/check"
)

type evidenceJSON struct {
	DocID   string `json:"doc_id"`
	ChunkID string `json:"chunk_id"`
	Title   string `json:"title"`
	Quote   string `json:"quote"`
}

type claimJSON struct {
	Paragraph   int            `json:"paragraph"`
	Text        string         `json:"text"`
	Start       int            `json:"start"`
	End         int            `json:"end"`
	Verdict     string         `json:"verdict"`
	Explanation string         `json:"explanation"`
	Evidence    []evidenceJSON `json:"evidence"`
	Flags       []string       `json:"flags"`
	// Resolved is omitted when nothing was resolved, so `.resolved //
	// .text` is always the self-contained form.
	Resolved string `json:"resolved,omitempty"`
	// Confidence is always present: null when not measured (the LLM
	// engine, or a check stored before confidences were kept).
	Confidence *float64 `json:"confidence"`
}

type summaryJSON struct {
	Supported    int `json:"supported"`
	Contradicted int `json:"contradicted"`
	NotCovered   int `json:"not_covered"`
}

type checkJSON struct {
	Engine     string             `json:"engine"`
	Model      string             `json:"model"`
	Claims     []claimJSON        `json:"claims"`
	Summary    summaryJSON        `json:"summary"`
	Voice      []check.VoiceIssue `json:"voice"`
	VoiceScore *float64           `json:"voice_score,omitempty"`
}

// contractJSON is exactly the documented --json shape; the stored report
// carries more (offsets, chunk text) than the contract promises.
func contractJSON(rep check.Report) checkJSON {
	out := checkJSON{Engine: rep.Engine, Model: rep.Model, Claims: make([]claimJSON, 0, len(rep.Claims)),
		Summary: summaryJSON{rep.Summary.Supported, rep.Summary.Contradicted, rep.Summary.NotCovered}}
	for _, c := range rep.Claims {
		cj := claimJSON{Paragraph: c.Paragraph, Text: c.Text, Start: c.Start, End: c.End, Verdict: c.Verdict, Explanation: c.Explanation,
			Evidence: make([]evidenceJSON, 0, len(c.Evidence)), Flags: c.Flags,
			Resolved: c.Resolved, Confidence: c.Confidence}
		for _, e := range c.Evidence {
			cj.Evidence = append(cj.Evidence, evidenceJSON{e.DocID, e.ChunkID, e.Title, e.Quote})
		}
		out.Claims = append(out.Claims, cj)
	}
	// "voice" is always a list, so a consumer never mistakes a voice check
	// that did not run for one that found nothing: voice_score is then absent
	out.Voice = []check.VoiceIssue{}
	if rep.VoiceScore != nil { // the voice check ran
		out.VoiceScore = rep.VoiceScore
		if rep.Voice != nil {
			out.Voice = rep.Voice
		}
	}
	return out
}

var verdictMarks = map[string]string{"supported": "✓ SUPPORTED   ", "contradicted": "✗ CONTRADICTED", "not_covered": "? NOT COVERED "}

// writeCheckText lists the findings paragraph by paragraph.
func writeCheckText(w io.Writer, rep check.Report) {
	s := rep.Summary
	fmt.Fprintf(w, "Draft check · %s · %d claims: %d contradicted, %d not covered, %d supported\n",
		check.EngineLabel(rep.Engine, rep.Model), len(rep.Claims), s.Contradicted, s.NotCovered, s.Supported)
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
