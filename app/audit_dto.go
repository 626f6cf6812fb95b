package app

import (
	"continuity/backend/audit"
	"continuity/backend/muddy"
)

// AuditStatementDTO is one side of a conflict.
type AuditStatementDTO struct {
	DocID   string `json:"doc_id"`
	Title   string `json:"title"`
	Date    string `json:"date"`        // YYYY-MM-DD; "" when unknown
	DateSrc string `json:"date_source"` // "front-matter", "file-time" or ""
	ChunkID string `json:"chunk_id"`
	Quote   string `json:"quote"`
	// Flags holds "cut_sentence" when the quote is a piece of a sentence
	// too long to read whole; never nil.
	Flags []string `json:"flags"`
}

// AuditValueDTO is one differing value, A's then B's.
type AuditValueDTO struct {
	A string `json:"a"`
	B string `json:"b"`
}

// AuditConflictDTO is two published statements that disagree.
type AuditConflictDTO struct {
	Key string `json:"key"`
	// Topic groups conflicts in the view: the two documents' titles, since
	// the audit names no subject of its own.
	Topic      string            `json:"topic"`
	A          AuditStatementDTO `json:"a"`
	B          AuditStatementDTO `json:"b"`
	Values     []AuditValueDTO   `json:"values"`
	Confidence float64           `json:"confidence"`
	Newer      string            `json:"newer"`  // "a", "b" or "" when unknown
	Status     string            `json:"status"` // open, resolved or intended
	Note       string            `json:"note"`
}

// AuditReportDTO is the last audit of this app session; Audited is false
// before the first one (the view then offers to run it).
type AuditReportDTO struct {
	Audited    bool               `json:"audited"`
	Engine     string             `json:"engine"`
	Model      string             `json:"model"`
	EmbedModel string             `json:"embed_model"`
	Conflicts  []AuditConflictDTO `json:"conflicts"`
	Documents  int                `json:"documents"`
	Reused     int                `json:"reused"`
	Warnings   []string           `json:"warnings"`
	ElapsedMs  int64              `json:"elapsed_ms"`
}

// MuddyFindingDTO is one muddy sentence with why and a split rewrite.
type MuddyFindingDTO struct {
	Sentence string `json:"sentence"`
	Kind     string `json:"kind"`
	Why      string `json:"why"`
	Rewrite  string `json:"rewrite"`
}

// MuddyDocumentDTO is one document's muddy-sentence lint.
type MuddyDocumentDTO struct {
	DocID    string            `json:"doc_id"`
	Title    string            `json:"title"`
	Words    int               `json:"words"`
	Findings []MuddyFindingDTO `json:"findings"`
}

// MuddyCountDTO is one document's count for the summary list.
type MuddyCountDTO struct {
	DocID string `json:"doc_id"`
	Title string `json:"title"`
	Count int    `json:"count"`
}

// MuddySummaryDTO lists the documents with muddy sentences, most first.
type MuddySummaryDTO struct {
	Documents []MuddyCountDTO `json:"documents"`
	Checked   int             `json:"checked"` // documents linted
	Warnings  []string        `json:"warnings"`
}

func auditReportDTO(r audit.Report) AuditReportDTO {
	out := AuditReportDTO{Audited: true, Engine: r.Engine, Model: r.Model, EmbedModel: r.EmbedModel,
		Conflicts: make([]AuditConflictDTO, 0, len(r.Conflicts)), Documents: r.Checked.Documents, Reused: r.Checked.Reused,
		Warnings: append([]string{}, r.Warnings...), ElapsedMs: r.Elapsed.Milliseconds()}
	for _, c := range r.Conflicts {
		out.Conflicts = append(out.Conflicts, auditConflictDTO(c))
	}
	return out
}

func auditConflictDTO(c audit.Conflict) AuditConflictDTO {
	d := AuditConflictDTO{Key: c.Key, Topic: c.A.Title + " ↔ " + c.B.Title, A: statementDTO(c.A), B: statementDTO(c.B),
		Values: make([]AuditValueDTO, 0, len(c.Values)), Confidence: c.Confidence, Newer: c.Newer, Status: c.Status, Note: c.StatusNote}
	if d.Status == "" {
		d.Status = audit.StatusOpen
	}
	for _, v := range c.Values {
		d.Values = append(d.Values, AuditValueDTO(v))
	}
	return d
}

func statementDTO(s audit.Statement) AuditStatementDTO {
	flags := s.Flags
	if flags == nil {
		flags = []string{}
	}
	return AuditStatementDTO{DocID: s.DocID, Title: s.Title, Date: s.Date, DateSrc: s.DateSrc, ChunkID: s.ChunkID, Quote: s.Quote, Flags: flags}
}

func muddyDocumentDTO(title string, r muddy.DocumentReport) MuddyDocumentDTO {
	out := MuddyDocumentDTO{DocID: r.DocID, Title: title, Words: r.Words, Findings: make([]MuddyFindingDTO, 0, len(r.Findings))}
	for _, f := range r.Findings {
		out.Findings = append(out.Findings, MuddyFindingDTO{Sentence: f.Sentence, Kind: string(f.Kind), Why: f.Why, Rewrite: f.Rewrite})
	}
	return out
}
