package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Document is one source file after parsing.
type Document struct {
	ID        string  `json:"id"`
	Path      string  `json:"path"` // relative to the content root, forward slashes
	Title     string  `json:"title"`
	URL       string  `json:"url"`
	Published string  `json:"published"`
	Type      string  `json:"type"`
	Status    string  `json:"status"`
	Text      string  `json:"text"` // full visible text, blocks separated by blank lines
	Hash      string  `json:"hash"` // sha256 of the raw file
	Blocks    []Block `json:"-"`
}

// Block is a heading or a paragraph with its place in the source file.
type Block struct {
	Heading     bool
	Level       int  // heading level (1-6); 0 for paragraphs
	Table       bool // a table: one row a line, "| cell | cell |", header first (table.go)
	Text        string
	HeadingPath []string // headings above this block (for a heading: its parents)
	Start, End  int      // byte offsets in the source file
}

// Warning is a located problem met while loading; the file is skipped or
// loaded partially, never silently.
type Warning struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Indexable reports whether the document's status allows indexing.
// Unknown statuses are treated as unpublished (a stale "supports" verdict
// from an unpublished page is worse than a missed one) and reported by Load.
func (d Document) Indexable() bool {
	return publishedStatus(d.Status)
}

func publishedStatus(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "published", "live":
		return true
	}
	return false
}

func knownStatus(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "published", "live", "draft", "archived", "unpublished":
		return true
	}
	return false
}

func hashBytes(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// HashString is the content hash used for chunks.
func HashString(s string) string { return hashBytes([]byte(s)) }

func joinBlocks(bs []Block) string {
	// Sized up front: growing by doubling would leave a 20 MB page's text
	// in a buffer of up to twice its size, after copies of every smaller one.
	n := 0
	for _, b := range bs {
		n += len(b.Text) + 2
	}
	var sb strings.Builder
	sb.Grow(max(0, n-2))
	for i, b := range bs {
		if i > 0 {
			sb.WriteString("\n\n")
		}
		sb.WriteString(b.Text)
	}
	return sb.String()
}
