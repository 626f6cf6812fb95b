package checkview

import (
	"time"

	"continuity/backend/check"
	"continuity/backend/voice"
)

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// FromRecord is a stored check as the views show it: its findings with
// the writer's votes, causes and dismissals.
func FromRecord(rec check.Record) Report {
	r := rec.Report
	out := Report{ID: rec.ID, CreatedAt: rfc3339(rec.CreatedAt), Source: string(rec.Source), Title: rec.Title, Draft: rec.Draft,
		Engine: r.Engine, Model: r.Model, EngineLabel: check.EngineLabel(r.Engine, r.Model), PromptVersions: r.PromptVersions,
		CorpusDocs: r.CorpusDocs, Claims: make([]Claim, 0, len(r.Claims)),
		Summary: Summary{r.Summary.Supported, r.Summary.Contradicted, r.Summary.NotCovered},
		Voice:   make([]VoiceIssue, 0, len(r.Voice)), VoiceScore: r.VoiceScore, DraftVersion: rec.DraftVersion}
	for i, v := range r.Voice {
		dv := VoiceIssue{Index: i, Passage: v.Passage, Start: v.Start, End: v.End, Rule: v.Rule, Guideline: v.Guideline,
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
		dc := Claim{Index: i, Paragraph: c.Paragraph, Text: c.Text, Start: c.Start, End: c.End, Verdict: c.Verdict,
			Explanation: c.Explanation, Evidence: make([]Evidence, 0, len(c.Evidence)), Flags: c.Flags,
			Searched: Searched{c.Searched.Passages, c.Searched.Documents}, Resolved: c.Resolved, Confidence: c.Confidence, Differs: c.Differs}
		if c.Closest != nil {
			e := Evidence(*c.Closest)
			dc.Closest = &e
		}
		if v := c.Superseded; v != nil {
			dc.Superseded = &Superseded{Text: v.Text, DocID: v.DocID, Title: v.Title, Until: v.Until.Format(time.RFC3339),
				Commit: v.Commit, Message: v.Message, Current: v.Current}
		}
		if dc.Flags == nil {
			dc.Flags = []string{}
		}
		if dc.Searched.Documents == nil {
			dc.Searched.Documents = []string{}
		}
		for _, e := range c.Evidence {
			dc.Evidence = append(dc.Evidence, Evidence(e))
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

// FromEntry is one line of the history list.
func FromEntry(e check.Entry) HistoryEntry {
	return HistoryEntry{ID: e.ID, CreatedAt: rfc3339(e.CreatedAt), Source: string(e.Source), Title: e.Title, Engine: e.Engine, Model: e.Model,
		EngineLabel: check.EngineLabel(e.Engine, e.Model), Summary: Summary{e.Summary.Supported, e.Summary.Contradicted, e.Summary.NotCovered}}
}

// FromFeedback is one 👎 of the triage list.
func FromFeedback(f check.Feedback) TriageItem {
	ids := f.ChunkIDs
	if ids == nil {
		ids = []string{}
	}
	return TriageItem{CheckID: f.CheckID, ClaimIndex: f.ClaimIndex, Note: f.Note, ClaimText: f.ClaimText, Verdict: f.Verdict,
		ChunkIDs: ids, Engine: f.Engine, Model: f.Model, DraftTitle: f.DraftTitle, UpdatedAt: rfc3339(f.UpdatedAt),
		GoldenSet: f.GoldenSet, GoldenRowID: f.GoldenRowID, Cause: string(f.Cause), CauseSuggested: string(f.CauseSuggested), CauseWhy: f.CauseWhy}
}
