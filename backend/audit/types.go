package audit

import (
	"time"

	"continuity/backend/history"
)

// Statement is one side of a conflict: a verbatim quote of a document.
type Statement struct {
	DocID   string `json:"doc_id"`
	Title   string `json:"title"`
	Date    string `json:"date"`        // YYYY-MM-DD; "" when unknown
	DateSrc string `json:"date_source"` // DateFrontMatter, DateFileTime or ""
	ChunkID string `json:"chunk_id"`
	Quote   string `json:"quote"`
	// Start and End are byte offsets of Quote in the document's visible
	// text; -1 when the quote could not be placed.
	Start int `json:"start"`
	End   int `json:"end"`
	// Flags holds claims.FlagCutSentence when the quote is a piece of a
	// sentence too long to read whole (a price list with no full stop).
	Flags []string `json:"flags,omitempty"`
}

// Where a statement's date came from.
const (
	DateFrontMatter = "front-matter"
	DateFileTime    = "file-time"
)

// Conflict is two statements of different documents that disagree.
type Conflict struct {
	// Key is stable across runs and directions: a hash of both sentences
	// and their document ids. Mark uses it.
	Key string    `json:"key"`
	A   Statement `json:"a"`
	B   Statement `json:"b"`
	// Values are what differs, A's then B's, e.g. ["30 days", "14 days"].
	Values     []ValuePair `json:"values"`
	Confidence float64     `json:"confidence"`
	// Newer is "a" or "b", "" when the dates are unknown or equal.
	Newer      string `json:"newer"`
	Status     string `json:"status"` // StatusOpen, StatusResolved or StatusIntended
	StatusNote string `json:"status_note,omitempty"`
}

// ValuePair is one differing value slot.
type ValuePair struct {
	A string `json:"a"`
	B string `json:"b"`
}

// Conflict statuses a reviewer can set.
const (
	StatusOpen     = "open"
	StatusResolved = "resolved"
	StatusIntended = "intended"
)

// Checked counts what an audit did.
type Checked struct {
	Documents int `json:"documents"` // audited as the A side
	Claims    int `json:"claims"`    // claims checked in this run
	Full      int `json:"full"`      // documents checked against all others
	Partial   int `json:"partial"`   // re-checked against changed documents only
	Reused    int `json:"reused"`    // taken from the cache as they were
}

// Report is the outcome of one audit.
type Report struct {
	Engine string `json:"engine"`
	// Model names the verdict model with its hash
	// ("offline-5+verdict-v1-<hash>"); ModelHash is that hash alone.
	Model      string     `json:"model"`
	ModelHash  string     `json:"model_hash"`
	EmbedModel string     `json:"embed_model"`
	Conflicts  []Conflict `json:"conflicts"`
	Checked    Checked    `json:"checked"`
	Warnings   []string   `json:"warnings"`
	// ChangedFacts are the published sentences a change replaced or
	// removed (git history and Continuity's own syncs), oldest first,
	// limited like the audit by --since and --doc.
	ChangedFacts []history.Change `json:"changed_facts"`
	Elapsed      time.Duration    `json:"-"`
}
