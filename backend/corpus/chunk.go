package corpus

import (
	"fmt"
	"strings"
)

// ChunkOptions size chunks in words.
type ChunkOptions struct {
	Size    int // target words per chunk
	Overlap int // words repeated between pieces of an over-long paragraph
}

// ChunkVersion changes whenever Parse or Chunks reads or cuts any file
// differently: an index holds the chunks of an older version until every
// document is read again, so a sync re-reads them all on a change.
// 2: tables one row a line, HTML blocks in Markdown read as HTML.
// 3: an HTML table without header cells gets an empty header row.
const ChunkVersion = "3"

// DefaultChunkOptions were chosen by measurement on SciFact train (see docs/benchmarks.md).
var DefaultChunkOptions = ChunkOptions{Size: 200, Overlap: 40}

// Chunk is a retrievable piece of a document.
type Chunk struct {
	ID          string   `json:"id"` // document ID + "#" + ordinal
	DocID       string   `json:"doc_id"`
	Ordinal     int      `json:"ordinal"`
	HeadingPath []string `json:"heading_path"`
	Text        string   `json:"text"`
	Start, End  int      // byte offsets in the source file
	Hash        string   `json:"hash"` // sha256 of the text
}

// ChunkID names chunk n of a document.
func ChunkID(docID string, n int) string { return fmt.Sprintf("%s#%d", docID, n) }

// Chunks cuts a document at headings and packs whole paragraphs up to
// Size words; a paragraph longer than Size is split with Overlap words,
// a table between rows with its header row repeated.
func Chunks(d Document, o ChunkOptions) []Chunk {
	if o.Size <= 0 {
		o = DefaultChunkOptions
	}
	if o.Overlap < 0 || o.Overlap >= o.Size {
		o.Overlap = 0
	}
	var out []Chunk
	var cur []Block
	words := 0
	emit := func() {
		if len(cur) == 0 {
			return
		}
		text := joinBlocks(cur)
		path := cur[0].HeadingPath
		if cur[0].Heading {
			path = append(append([]string(nil), cur[0].HeadingPath...), cur[0].Text)
		}
		out = append(out, Chunk{DocID: d.ID, HeadingPath: path, Text: text, Start: cur[0].Start, End: cur[len(cur)-1].End})
		cur, words = nil, 0
	}
	for _, b := range d.Blocks {
		n := len(strings.Fields(b.Text))
		// A new section starts a new chunk unless the current one is only its heading.
		if b.Heading && !(len(cur) > 0 && onlyHeadings(cur) && words < o.Size/4) {
			emit()
		}
		if !b.Heading && words > 0 && words+n > o.Size {
			emit()
		}
		if n > o.Size {
			emit()
			pieces := splitWords(b.Text, o)
			if b.Table {
				pieces = tablePieces(b.Text, o.Size) // rows stay whole and on their own lines
			}
			for _, piece := range pieces {
				pb := b
				pb.Text = piece
				cur = []Block{pb}
				words = len(strings.Fields(piece))
				emit()
			}
			continue
		}
		cur = append(cur, b)
		words += n
	}
	emit()
	for i := range out {
		out[i].Ordinal = i
		out[i].ID = ChunkID(d.ID, i)
		out[i].Hash = HashString(strings.Join(out[i].HeadingPath, "\x1f") + "\x1e" + out[i].Text)
		if out[i].HeadingPath == nil {
			out[i].HeadingPath = []string{}
		}
	}
	return out
}

func onlyHeadings(bs []Block) bool {
	for _, b := range bs {
		if !b.Heading {
			return false
		}
	}
	return true
}

func splitWords(s string, o ChunkOptions) []string {
	f := strings.Fields(s)
	step := o.Size - o.Overlap
	var out []string
	for i := 0; i < len(f); i += step {
		j := min(i+o.Size, len(f))
		out = append(out, strings.Join(f[i:j], " "))
		if j == len(f) {
			break
		}
	}
	return out
}
