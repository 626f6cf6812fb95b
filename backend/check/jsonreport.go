package check

import "time"

// JSONEvidence is one deciding passage in the machine-readable report.
type JSONEvidence struct {
	DocID   string `json:"doc_id"`
	ChunkID string `json:"chunk_id"`
	Title   string `json:"title"`
	Quote   string `json:"quote"`
}

// JSONClaim is one claim in the machine-readable report.
type JSONClaim struct {
	Paragraph   int            `json:"paragraph"`
	Text        string         `json:"text"`
	Start       int            `json:"start"`
	End         int            `json:"end"`
	Verdict     string         `json:"verdict"`
	Explanation string         `json:"explanation"`
	Evidence    []JSONEvidence `json:"evidence"`
	Flags       []string       `json:"flags"`
	// Resolved is omitted when nothing was resolved, so `.resolved //
	// .text` is always the self-contained form.
	Resolved string `json:"resolved,omitempty"`
	// Confidence is always present: null when not measured (the LLM
	// engine, or a check stored before confidences were kept).
	Confidence *float64 `json:"confidence"`
	// Closest is the published passage nearest a not_covered claim and
	// Differs the fact slot it states otherwise; both absent when there is
	// none (every other verdict, or an engine that gives none).
	Closest *JSONEvidence `json:"closest,omitempty"`
	Differs string        `json:"differs,omitempty"`
	// Superseded is what a page said before the change a contradicted
	// claim still states; absent on every other claim.
	Superseded *JSONSuperseded `json:"superseded,omitempty"`
}

// JSONSuperseded is the old version a claim states: the sentence, its
// document, when it stopped being published (RFC 3339) and the commit
// that changed it ("" when only a sync saw the change) with its subject.
type JSONSuperseded struct {
	Text    string `json:"text"`
	DocID   string `json:"doc_id"`
	Until   string `json:"until"`
	Commit  string `json:"commit"`
	Message string `json:"message"`
}

// JSONSummary counts the verdicts of the machine-readable report.
type JSONSummary struct {
	Supported    int `json:"supported"`
	Contradicted int `json:"contradicted"`
	NotCovered   int `json:"not_covered"`
}

// JSONReport is the documented machine-readable check (`check --json`, the
// MCP server's check_draft): every face that promises it builds it here.
type JSONReport struct {
	Engine     string       `json:"engine"`
	Model      string       `json:"model"`
	Claims     []JSONClaim  `json:"claims"`
	Summary    JSONSummary  `json:"summary"`
	Voice      []VoiceIssue `json:"voice"`
	VoiceScore *float64     `json:"voice_score,omitempty"`
	// SentenceVectors: how many published sentences had a vector (see Report).
	SentenceVectors *Coverage `json:"sentence_vectors,omitempty"`
}

// ContractJSON is exactly the documented shape; the stored report carries
// more (offsets, chunk text) than the contract promises.
func ContractJSON(rep Report) JSONReport {
	out := JSONReport{Engine: rep.Engine, Model: rep.Model, Claims: make([]JSONClaim, 0, len(rep.Claims)),
		Summary: JSONSummary{rep.Summary.Supported, rep.Summary.Contradicted, rep.Summary.NotCovered}, SentenceVectors: rep.SentenceVectors}
	for _, c := range rep.Claims {
		cj := JSONClaim{Paragraph: c.Paragraph, Text: c.Text, Start: c.Start, End: c.End, Verdict: c.Verdict, Explanation: c.Explanation,
			Evidence: make([]JSONEvidence, 0, len(c.Evidence)), Flags: c.Flags,
			Resolved: c.Resolved, Confidence: c.Confidence, Differs: c.Differs}
		for _, e := range c.Evidence {
			cj.Evidence = append(cj.Evidence, JSONEvidence{e.DocID, e.ChunkID, e.Title, e.Quote})
		}
		if e := c.Closest; e != nil {
			cj.Closest = &JSONEvidence{e.DocID, e.ChunkID, e.Title, e.Quote}
		}
		if s := c.Superseded; s != nil {
			cj.Superseded = &JSONSuperseded{Text: s.Text, DocID: s.DocID, Until: s.Until.Format(time.RFC3339), Commit: s.Commit, Message: s.Message}
		}
		out.Claims = append(out.Claims, cj)
	}
	// "voice" is always a list, so a consumer never mistakes a voice check
	// that did not run for one that found nothing: voice_score is then absent
	out.Voice = []VoiceIssue{}
	if rep.VoiceScore != nil { // the voice check ran
		out.VoiceScore = rep.VoiceScore
		if rep.Voice != nil {
			out.Voice = rep.Voice
		}
	}
	return out
}
