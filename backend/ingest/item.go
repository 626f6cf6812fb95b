package ingest

import (
	"strings"
	"time"
)

// Statuses an Item can have; only StatusPublished is written as a document.
const (
	StatusPublished = "published"
	StatusDraft     = "draft"
	StatusPrivate   = "private"
	StatusTrashed   = "trashed"
	StatusArchived  = "archived"
)

// Formats of an Item's Body.
const (
	FormatHTML     = "html"
	FormatMarkdown = "md"
)

// Item is one page or article read from a source, before it is written as
// a document.
type Item struct {
	ID     string
	Title  string
	URL    string
	Date   time.Time
	Status string // StatusPublished, StatusDraft, StatusPrivate, StatusTrashed or StatusArchived
	Type   string // what the source calls it: post, page, article; optional
	Body   string
	Format string // FormatHTML or FormatMarkdown
	// Origin locates the item in its source for messages:
	// `export.xml item 3 (<wp:post_id>12)` or a URL.
	Origin string
}

// Skip is an item that was not written, with why.
type Skip struct {
	Origin string `json:"origin"`
	Reason string `json:"reason"`
}

// Report counts what a Materialize did to a source folder.
type Report struct {
	Written   int    `json:"written"`   // files created or rewritten
	Unchanged int    `json:"unchanged"` // files already byte-identical
	Removed   int    `json:"removed"`   // files of items no longer present or published
	Skipped   []Skip `json:"skipped"`
	// Crawl says how a sitemap source's crawl went: its page cap and
	// whether it was hit, and how much was resumed. Nil for other kinds.
	Crawl *CrawlReport `json:"crawl,omitempty"`
}

// Published reports whether the item's status makes it a document.
func (it Item) Published() bool { return it.Status == StatusPublished }

// safeName maps an item ID to a file name stem: letters, digits, '_' and
// '-' are kept, anything else (dots and path separators included) becomes '-',
// so an ID can never name a file outside the source folder.
func safeName(id string) string {
	var b strings.Builder
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	s := b.String()
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}
