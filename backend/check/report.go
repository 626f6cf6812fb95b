package check

import (
	"strings"

	"continuity/backend/claims"
)

// Evidence is one deciding passage: the quote plus the chunk it sits in, so
// a report can show the quote highlighted in context without the index.
type Evidence struct {
	DocID     string `json:"doc_id"`
	ChunkID   string `json:"chunk_id"`
	Title     string `json:"title"`
	Quote     string `json:"quote"`
	URL       string `json:"url"`
	ChunkText string `json:"chunk_text"`
}

// Claim is one checked claim. Start and End are byte offsets in the draft.
type Claim struct {
	Paragraph   int        `json:"paragraph"`
	Text        string     `json:"text"`
	Start       int        `json:"start"`
	End         int        `json:"end"`
	Verdict     string     `json:"verdict"`
	Explanation string     `json:"explanation"`
	Evidence    []Evidence `json:"evidence"`
	Flags       []string   `json:"flags"`
	// Searched names what retrieval looked at for this claim's paragraph,
	// so a not-covered card can say what was searched.
	Searched Searched `json:"searched"`
	// Resolved is the self-contained form the engine searched and
	// verified with ("Tallyhub Go runs on iPhones" for "It runs on
	// iPhones"); a hint beside Text, "" when nothing was resolved.
	Resolved string `json:"resolved,omitempty"`
	// Confidence is the engine's probability of Verdict, in (0, 1]. nil
	// means not measured: the engine gives none (the LLM engine), or the
	// check was stored before confidences were kept. A pointer, so such a
	// record decodes to "not measured" and never to a confidence of 0.
	Confidence *float64 `json:"confidence,omitempty"`
	// Closest is the published passage nearest a not-covered claim, so the
	// writer still sees what the corpus says; nil for the other verdicts,
	// from an engine that gives none, and in checks stored before it was
	// kept. Differs names a fact slot that passage states otherwise
	// ("closest published: the corpus says $75 per month; …"), "" if none.
	Closest *Evidence `json:"closest,omitempty"`
	Differs string    `json:"differs,omitempty"`
	// Superseded is what a page said before a change the claim still
	// states (NameChanges): the claim is contradicted, its first evidence
	// is what the page says now. nil otherwise and in older checks.
	Superseded *SupersededVersion `json:"superseded,omitempty"`
}

// measured is an engine's confidence as stored: claims.Result gives 0
// when its engine measures none, and a value that is no probability (NaN
// would also make the report unmarshalable) is no measurement either.
func measured(c float64) *float64 {
	if !(c > 0 && c <= 1) {
		return nil
	}
	return &c
}

// Searched is what one paragraph's retrieval returned.
type Searched struct {
	Passages  int      `json:"passages"`
	Documents []string `json:"documents"` // titles, first-seen order
}

// VoiceIssue is one voice & tone finding stored with a check.
type VoiceIssue struct {
	Passage     string `json:"passage"`
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Rule        string `json:"rule"`
	Guideline   string `json:"guideline"`
	Explanation string `json:"explanation"`
	Suggestion  string `json:"suggestion"`
	// Concrete says Suggestion replaces Passage as is (else it is guidance);
	// false in checks stored before it was kept.
	Concrete bool   `json:"concrete,omitempty"`
	Level    string `json:"level"`
}

// Report is a whole check as stored and exported.
type Report struct {
	Engine         string            `json:"engine"`
	Model          string            `json:"model"`
	PromptVersions map[string]string `json:"prompt_versions"`
	Claims         []Claim           `json:"claims"`
	Summary        claims.Summary    `json:"summary"`
	CorpusDocs     int               `json:"corpus_docs"` // documents in the index when checked
	Voice          []VoiceIssue      `json:"voice,omitempty"`
	VoiceScore     *float64          `json:"voice_score,omitempty"`
	// Calibration names the workspace's calibrated contradicted threshold
	// the check applied (backend/calibrate); "" when it used the model's.
	Calibration string `json:"calibration,omitempty"`
	// SentenceVectors says how many published sentences had a vector when
	// the check ran (a sync defers them; the check embeds the ones it
	// reads): nil when the index keeps none.
	SentenceVectors *Coverage `json:"sentence_vectors,omitempty"`
}

// Coverage counts what has a thing out of all there are.
type Coverage struct {
	Have  int `json:"have"`
	Total int `json:"total"`
}

// Build turns an engine report into a stored report. passages are every
// chunk retrieval returned (by chunk ID); searched is keyed by paragraph.
func Build(rep claims.Report, passages map[string]claims.Passage, searched map[int]Searched, corpusDocs int) Report {
	out := Report{Engine: rep.Engine, Model: rep.Model, PromptVersions: rep.PromptVersions, Claims: make([]Claim, 0, len(rep.Results)),
		Summary: rep.Summary, CorpusDocs: corpusDocs}
	if out.PromptVersions == nil {
		out.PromptVersions = map[string]string{}
	}
	for _, r := range rep.Results {
		c := Claim{Paragraph: r.Paragraph, Text: r.Text, Start: r.Start, End: r.End, Verdict: string(r.Verdict),
			Explanation: r.Explanation, Evidence: make([]Evidence, 0, len(r.Evidence)), Flags: r.Flags, Searched: searched[r.Paragraph],
			Resolved: r.Resolved, Confidence: measured(r.Confidence)}
		if c.Flags == nil {
			c.Flags = []string{}
		}
		if c.Searched.Documents == nil {
			c.Searched.Documents = []string{}
		}
		for _, e := range r.Evidence {
			c.Evidence = append(c.Evidence, withChunk(e, passages))
		}
		if r.Verdict == claims.NotCovered { // only a verdict that cites nothing shows a closest passage
			if r.Closest != nil {
				e := withChunk(*r.Closest, passages)
				c.Closest = &e
			}
			c.Differs = r.Differs
		}
		out.Claims = append(out.Claims, c)
	}
	return out
}

// withChunk is e with the chunk it quotes, when retrieval returned it.
func withChunk(e claims.Evidence, passages map[string]claims.Passage) Evidence {
	p := passages[e.ChunkID]
	return Evidence{DocID: e.DocID, ChunkID: e.ChunkID, Title: e.Title, Quote: e.Quote, URL: p.URL, ChunkText: p.Text}
}

// Contradicted reports whether any claim is contradicted.
func (r Report) Contradicted() bool { return r.Summary.Contradicted > 0 }

// Title is a short name for a draft: its first non-empty line, trimmed.
func Title(draft string) string {
	for _, line := range strings.Split(draft, "\n") {
		line = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#"))
		if line == "" {
			continue
		}
		if r := []rune(line); len(r) > 80 {
			return string(r[:79]) + "…"
		}
		return line
	}
	return "Untitled draft"
}

func summaryOf(cs []Claim) claims.Summary {
	var s claims.Summary
	for _, c := range cs {
		switch claims.Verdict(c.Verdict) {
		case claims.Supported:
			s.Supported++
		case claims.Contradicted:
			s.Contradicted++
		default:
			s.NotCovered++
		}
	}
	return s
}
