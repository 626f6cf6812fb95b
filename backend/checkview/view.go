// Package checkview is a stored check as the faces show it: the JSON the
// desktop's bindings and the team server's check endpoints both answer
// with, so the same views read either.
package checkview

// Evidence is one deciding passage; Quote sits inside ChunkText.
type Evidence struct {
	DocID     string `json:"doc_id"`
	ChunkID   string `json:"chunk_id"`
	Title     string `json:"title"`
	Quote     string `json:"quote"`
	URL       string `json:"url"`
	ChunkText string `json:"chunk_text"`
}

// Searched says what retrieval looked at for a claim's paragraph.
type Searched struct {
	Passages  int      `json:"passages"`
	Documents []string `json:"documents"`
}

// Claim is one claim with its verdict and the writer's vote.
// Start and End are byte offsets of the claim's source in the draft.
type Claim struct {
	Index       int        `json:"index"`
	Paragraph   int        `json:"paragraph"`
	Text        string     `json:"text"`
	Start       int        `json:"start"`
	End         int        `json:"end"`
	Verdict     string     `json:"verdict"` // supported | contradicted | not_covered
	Explanation string     `json:"explanation"`
	Evidence    []Evidence `json:"evidence"`
	Flags       []string   `json:"flags"`
	Searched    Searched   `json:"searched"`
	Vote        string     `json:"vote"` // up | down | ""
	Note        string     `json:"note"`
	// Resolved is the self-contained form the engine checked, shown as a
	// hint beside Text; "" when nothing was resolved.
	Resolved string `json:"resolved"`
	// Confidence is the engine's probability of Verdict (0..1); absent
	// when not measured (the LLM engine, or a check stored before them).
	Confidence *float64 `json:"confidence,omitempty"`
	// Closest is the published passage nearest a not-covered claim (absent
	// when there is none); Differs the fact slot it states otherwise, e.g.
	// "closest published: the corpus says $75 per month; …" ("" if none).
	Closest *Evidence `json:"closest,omitempty"`
	Differs string    `json:"differs"`
	// Superseded is what the page said before the change a contradicted
	// claim still states, shown beside what it says now; absent otherwise.
	Superseded *Superseded `json:"superseded,omitempty"`
	// Dismissed says the writer dismissed the claim, for DismissReason.
	Dismissed     bool   `json:"dismissed"`
	DismissReason string `json:"dismiss_reason"`
	// Cause files a 👎 (bad_grounding, stale_index, retrieval_miss,
	// wrong_verdict; "" before one is suggested); see TriageCauseDTO.
	Cause          string `json:"cause"`
	CauseSuggested string `json:"cause_suggested"`
	CauseWhy       string `json:"cause_why"`
}

// Superseded is the old version of a page a claim states: the
// sentence then (Text), until when (RFC3339), the commit that changed it
// ("" when only a sync saw it) and what the page says now (Current).
type Superseded struct {
	Text    string `json:"text"`
	DocID   string `json:"doc_id"`
	Title   string `json:"title"`
	Until   string `json:"until"`
	Commit  string `json:"commit"`
	Message string `json:"message"`
	Current string `json:"current"`
}

// Summary counts verdicts.
type Summary struct {
	Supported    int `json:"supported"`
	Contradicted int `json:"contradicted"`
	NotCovered   int `json:"not_covered"`
}

// Report is one stored check.
type Report struct {
	ID             int64             `json:"id"`
	CreatedAt      string            `json:"created_at"` // RFC3339
	Source         string            `json:"source"`     // cli | desktop
	Title          string            `json:"title"`
	Draft          string            `json:"draft"`
	Engine         string            `json:"engine"`
	Model          string            `json:"model"`
	EngineLabel    string            `json:"engine_label"`
	PromptVersions map[string]string `json:"prompt_versions"`
	CorpusDocs     int               `json:"corpus_docs"`
	Claims         []Claim           `json:"claims"`
	Summary        Summary           `json:"summary"`
	// Voice is stored with the check; VoiceScore is absent when the voice
	// check did not run (no guidelines), Voice then empty.
	Voice      []VoiceIssue `json:"voice"`
	VoiceScore *float64     `json:"voice_score,omitempty"`
	// VoiceBand and VoiceLabel are the score's band (green | yellow | red)
	// and its words (On voice, Needs work, Off voice); "" without a score.
	VoiceBand  string `json:"voice_band"`
	VoiceLabel string `json:"voice_label"`
	// DraftVersion is the working-draft version this check checked; 0
	// when the text was not the saved working draft.
	DraftVersion int64 `json:"draft_version"`
}

// VoiceIssue is one voice & tone issue stored with a check; Start
// and End are byte offsets of Passage in the draft.
type VoiceIssue struct {
	Index       int    `json:"index"` // its place in the check, for Dismiss
	Passage     string `json:"passage"`
	Start       int    `json:"start"`
	End         int    `json:"end"`
	Rule        string `json:"rule"`
	Guideline   string `json:"guideline"`
	Explanation string `json:"explanation"`
	Suggestion  string `json:"suggestion"`
	Concrete    bool   `json:"concrete"` // Suggestion replaces Passage as is
	Level       string `json:"level"`    // required | recommended
	// Dismissed says the writer dismissed the issue, for DismissReason.
	Dismissed     bool   `json:"dismissed"`
	DismissReason string `json:"dismiss_reason"`
}

// HistoryEntry is one line of the history list.
type HistoryEntry struct {
	ID          int64   `json:"id"`
	CreatedAt   string  `json:"created_at"`
	Source      string  `json:"source"`
	Title       string  `json:"title"`
	Engine      string  `json:"engine"`
	Model       string  `json:"model"`
	EngineLabel string  `json:"engine_label"`
	Summary     Summary `json:"summary"`
}

// TriageItem is a 👎 verdict waiting to become a golden-set question.
type TriageItem struct {
	CheckID    int64    `json:"check_id"`
	ClaimIndex int      `json:"claim_index"`
	Note       string   `json:"note"`
	ClaimText  string   `json:"claim_text"`
	Verdict    string   `json:"verdict"`
	ChunkIDs   []string `json:"chunk_ids"`
	Engine     string   `json:"engine"`
	Model      string   `json:"model"`
	DraftTitle string   `json:"draft_title"`
	UpdatedAt  string   `json:"updated_at"`
	// GoldenSet and GoldenRowID name the golden row made from this item, if any.
	GoldenSet   string `json:"golden_set"`
	GoldenRowID string `json:"golden_row_id"`
	// Cause, CauseSuggested and CauseWhy: as in Claim.
	Cause          string `json:"cause"`
	CauseSuggested string `json:"cause_suggested"`
	CauseWhy       string `json:"cause_why"`
}

// Export is a rendered report.
type Export struct {
	Format   string `json:"format"` // md | html
	Filename string `json:"filename"`
	Text     string `json:"text"`
}
