package app

import (
	"time"

	"continuity/backend/check"
	"continuity/backend/voice"
)

// CheckEvidenceDTO is one deciding passage; Quote sits inside ChunkText.
type CheckEvidenceDTO struct {
	DocID     string `json:"doc_id"`
	ChunkID   string `json:"chunk_id"`
	Title     string `json:"title"`
	Quote     string `json:"quote"`
	URL       string `json:"url"`
	ChunkText string `json:"chunk_text"`
}

// CheckSearchedDTO says what retrieval looked at for a claim's paragraph.
type CheckSearchedDTO struct {
	Passages  int      `json:"passages"`
	Documents []string `json:"documents"`
}

// CheckClaimDTO is one claim with its verdict and the writer's vote.
// Start and End are byte offsets of the claim's source in the draft.
type CheckClaimDTO struct {
	Index       int                `json:"index"`
	Paragraph   int                `json:"paragraph"`
	Text        string             `json:"text"`
	Start       int                `json:"start"`
	End         int                `json:"end"`
	Verdict     string             `json:"verdict"` // supported | contradicted | not_covered
	Explanation string             `json:"explanation"`
	Evidence    []CheckEvidenceDTO `json:"evidence"`
	Flags       []string           `json:"flags"`
	Searched    CheckSearchedDTO   `json:"searched"`
	Vote        string             `json:"vote"` // up | down | ""
	Note        string             `json:"note"`
	// Resolved is the self-contained form the engine checked, shown as a
	// hint beside Text; "" when nothing was resolved.
	Resolved string `json:"resolved"`
	// Confidence is the engine's probability of Verdict (0..1); absent
	// when not measured (the LLM engine, or a check stored before them).
	Confidence *float64 `json:"confidence,omitempty"`
	// Closest is the published passage nearest a not-covered claim (absent
	// when there is none); Differs the fact slot it states otherwise, e.g.
	// "closest published: the corpus says $75 per month; …" ("" if none).
	Closest *CheckEvidenceDTO `json:"closest,omitempty"`
	Differs string            `json:"differs"`
	// Superseded is what the page said before the change a contradicted
	// claim still states, shown beside what it says now; absent otherwise.
	Superseded *CheckSupersededDTO `json:"superseded,omitempty"`
	// Dismissed says the writer dismissed the claim, for DismissReason.
	Dismissed     bool   `json:"dismissed"`
	DismissReason string `json:"dismiss_reason"`
	// Cause files a 👎 (bad_grounding, stale_index, retrieval_miss,
	// wrong_verdict; "" before one is suggested); see TriageCauseDTO.
	Cause          string `json:"cause"`
	CauseSuggested string `json:"cause_suggested"`
	CauseWhy       string `json:"cause_why"`
}

// CheckSupersededDTO is the old version of a page a claim states: the
// sentence then (Text), until when (RFC3339), the commit that changed it
// ("" when only a sync saw it) and what the page says now (Current).
type CheckSupersededDTO struct {
	Text    string `json:"text"`
	DocID   string `json:"doc_id"`
	Title   string `json:"title"`
	Until   string `json:"until"`
	Commit  string `json:"commit"`
	Message string `json:"message"`
	Current string `json:"current"`
}

// CheckSummaryDTO counts verdicts.
type CheckSummaryDTO struct {
	Supported    int `json:"supported"`
	Contradicted int `json:"contradicted"`
	NotCovered   int `json:"not_covered"`
}

// CheckReportDTO is one stored check.
type CheckReportDTO struct {
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
	Claims         []CheckClaimDTO   `json:"claims"`
	Summary        CheckSummaryDTO   `json:"summary"`
	// Voice is stored with the check; VoiceScore is absent when the voice
	// check did not run (no guidelines), Voice then empty.
	Voice      []CheckVoiceIssueDTO `json:"voice"`
	VoiceScore *float64             `json:"voice_score,omitempty"`
	// VoiceBand and VoiceLabel are the score's band (green | yellow | red)
	// and its words (On voice, Needs work, Off voice); "" without a score.
	VoiceBand  string `json:"voice_band"`
	VoiceLabel string `json:"voice_label"`
	// DraftVersion is the working-draft version this check checked; 0
	// when the text was not the saved working draft.
	DraftVersion int64 `json:"draft_version"`
}

// CheckVoiceIssueDTO is one voice & tone issue stored with a check; Start
// and End are byte offsets of Passage in the draft.
type CheckVoiceIssueDTO struct {
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

// CheckHistoryEntryDTO is one line of the history list.
type CheckHistoryEntryDTO struct {
	ID          int64           `json:"id"`
	CreatedAt   string          `json:"created_at"`
	Source      string          `json:"source"`
	Title       string          `json:"title"`
	Engine      string          `json:"engine"`
	Model       string          `json:"model"`
	EngineLabel string          `json:"engine_label"`
	Summary     CheckSummaryDTO `json:"summary"`
}

// TriageItemDTO is a 👎 verdict waiting to become a golden-set question.
type TriageItemDTO struct {
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
	// Cause, CauseSuggested and CauseWhy: as in CheckClaimDTO.
	Cause          string `json:"cause"`
	CauseSuggested string `json:"cause_suggested"`
	CauseWhy       string `json:"cause_why"`
}

// CheckExportDTO is a rendered report.
type CheckExportDTO struct {
	Format   string `json:"format"` // md | html
	Filename string `json:"filename"`
	Text     string `json:"text"`
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func toCheckReportDTO(rec check.Record) CheckReportDTO {
	r := rec.Report
	out := CheckReportDTO{ID: rec.ID, CreatedAt: rfc3339(rec.CreatedAt), Source: string(rec.Source), Title: rec.Title, Draft: rec.Draft,
		Engine: r.Engine, Model: r.Model, EngineLabel: check.EngineLabel(r.Engine, r.Model), PromptVersions: r.PromptVersions,
		CorpusDocs: r.CorpusDocs, Claims: make([]CheckClaimDTO, 0, len(r.Claims)),
		Summary: CheckSummaryDTO{r.Summary.Supported, r.Summary.Contradicted, r.Summary.NotCovered},
		Voice:   make([]CheckVoiceIssueDTO, 0, len(r.Voice)), VoiceScore: r.VoiceScore, DraftVersion: rec.DraftVersion}
	for i, v := range r.Voice {
		dv := CheckVoiceIssueDTO{Index: i, Passage: v.Passage, Start: v.Start, End: v.End, Rule: v.Rule, Guideline: v.Guideline,
			Explanation: v.Explanation, Suggestion: v.Suggestion, Concrete: v.Concrete, Level: v.Level}
		if d, ok := rec.Dismissed[check.Finding{Kind: check.KindVoice, Index: i}]; ok {
			dv.Dismissed, dv.DismissReason = true, d.Reason
		}
		out.Voice = append(out.Voice, dv)
	}
	if r.VoiceScore != nil {
		out.VoiceBand, out.VoiceLabel = voiceBand(*r.VoiceScore)
	}
	if out.PromptVersions == nil {
		out.PromptVersions = map[string]string{}
	}
	for i, c := range r.Claims {
		dc := CheckClaimDTO{Index: i, Paragraph: c.Paragraph, Text: c.Text, Start: c.Start, End: c.End, Verdict: c.Verdict,
			Explanation: c.Explanation, Evidence: make([]CheckEvidenceDTO, 0, len(c.Evidence)), Flags: c.Flags,
			Searched: CheckSearchedDTO{c.Searched.Passages, c.Searched.Documents}, Resolved: c.Resolved, Confidence: c.Confidence, Differs: c.Differs}
		if c.Closest != nil {
			e := CheckEvidenceDTO(*c.Closest)
			dc.Closest = &e
		}
		if v := c.Superseded; v != nil {
			dc.Superseded = &CheckSupersededDTO{Text: v.Text, DocID: v.DocID, Title: v.Title, Until: v.Until.Format(time.RFC3339),
				Commit: v.Commit, Message: v.Message, Current: v.Current}
		}
		if dc.Flags == nil {
			dc.Flags = []string{}
		}
		if dc.Searched.Documents == nil {
			dc.Searched.Documents = []string{}
		}
		for _, e := range c.Evidence {
			dc.Evidence = append(dc.Evidence, CheckEvidenceDTO(e))
		}
		if f, ok := rec.Feedback[i]; ok {
			dc.Vote, dc.Note = f.Vote, f.Note
			dc.Cause, dc.CauseSuggested, dc.CauseWhy = string(f.Cause), string(f.CauseSuggested), f.CauseWhy
		}
		if d, ok := rec.Dismissed[check.Finding{Kind: check.KindClaim, Index: i}]; ok {
			dc.Dismissed, dc.DismissReason = true, d.Reason
		}
		out.Claims = append(out.Claims, dc)
	}
	return out
}

// voiceBand names a stored voice score's band as the voice check does.
func voiceBand(score float64) (band, label string) {
	switch {
	case score >= voice.GreenFrom:
		return "green", "On voice"
	case score >= voice.YellowFrom:
		return "yellow", "Needs work"
	}
	return "red", "Off voice"
}

func toHistoryDTO(e check.Entry) CheckHistoryEntryDTO {
	return CheckHistoryEntryDTO{ID: e.ID, CreatedAt: rfc3339(e.CreatedAt), Source: string(e.Source), Title: e.Title, Engine: e.Engine, Model: e.Model,
		EngineLabel: check.EngineLabel(e.Engine, e.Model), Summary: CheckSummaryDTO{e.Summary.Supported, e.Summary.Contradicted, e.Summary.NotCovered}}
}

func toTriageDTO(f check.Feedback) TriageItemDTO {
	ids := f.ChunkIDs
	if ids == nil {
		ids = []string{}
	}
	return TriageItemDTO{CheckID: f.CheckID, ClaimIndex: f.ClaimIndex, Note: f.Note, ClaimText: f.ClaimText, Verdict: f.Verdict,
		ChunkIDs: ids, Engine: f.Engine, Model: f.Model, DraftTitle: f.DraftTitle, UpdatedAt: rfc3339(f.UpdatedAt),
		GoldenSet: f.GoldenSet, GoldenRowID: f.GoldenRowID, Cause: string(f.Cause), CauseSuggested: string(f.CauseSuggested), CauseWhy: f.CauseWhy}
}
