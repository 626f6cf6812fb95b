package sources

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/retrieval"
	"continuity/backend/text"
)

// Formats of View.Body.
const (
	FormatMarkdown = "markdown" // CommonMark/GFM: a Markdown file's body, or an HTML file's headings and paragraphs
	FormatText     = "text"     // plain text: paragraphs at blank lines, line breaks kept
)

// Sources of View.Modified.
const (
	ModifiedFileTime = "file_mtime"
	// ModifiedFrontMatter is followed by ":" and the key it came from, e.g.
	// "front_matter:published".
	ModifiedFrontMatter = "front_matter"
)

// View is one document as a reader sees it.
type View struct {
	ID, Title string
	Path      string // workspace-relative, forward slashes
	URL       string
	// Modified comes from the front matter's date (ModifiedSource says
	// which key) or else the file's modification time.
	Modified       time.Time
	ModifiedSource string
	Format         string // FormatMarkdown or FormatText
	Body           string // front matter removed, line ends as "\n"
	// Chunks locate the indexed chunks in Body, in UTF-16 code units (the
	// offsets of a JavaScript string); nil when they cannot be located
	// because the file changed since it was indexed or was never indexed.
	Chunks []ChunkRange
	Status Status
}

// ChunkRange is an indexed chunk's place in View.Body: [Start, End).
type ChunkRange struct {
	ID         string
	Start, End int
}

// MaxID bounds a document ID.
const MaxID = 1000

// Get reads the document with the ID from the workspace, where the index
// says it is or else by looking at every document file.
func (l *Library) Get(ctx context.Context, id string) (View, error) {
	if strings.TrimSpace(id) == "" || len(id) > MaxID {
		return View{}, fmt.Errorf("document id must be 1 to %d bytes", MaxID)
	}
	indexed, inIndex, err := l.ix.Document(ctx, id)
	if err != nil {
		return View{}, err
	}
	content := l.ws.ContentDir()
	files, _, err := corpus.Scan(ctx, content)
	if err != nil {
		return View{}, fmt.Errorf("document %s: %w", id, err)
	}
	f, raw, doc, found := l.find(ctx, files, id, indexed.Path, inIndex)
	if ctx.Err() != nil {
		return View{}, fmt.Errorf("document %s: %w", id, ctx.Err())
	}
	if !found {
		return View{}, fmt.Errorf("%w: %q is in neither the workspace nor the index", ErrNotFound, id)
	}
	v := View{ID: doc.ID, Title: doc.Title, Path: l.relPath(doc.Path), URL: doc.URL, Status: StatusNotIndexed}
	if inIndex && indexed.Path == doc.Path {
		v.Status = StatusChanged
		if indexed.Hash == doc.Hash {
			v.Status = StatusIndexed
		}
	}
	b, err := newBody(f.Kind, raw, doc)
	if err != nil {
		return View{}, fmt.Errorf("document %s: %w", id, err)
	}
	v.Format, v.Body = b.format, b.text
	v.Modified, v.ModifiedSource = modified(b.frontMatter, doc.Published, f.ModTime)
	if v.Status == StatusIndexed {
		spans, err := l.ix.DocumentChunks(ctx, doc.ID)
		if err != nil {
			return View{}, err
		}
		v.Chunks = b.locate(spans)
	}
	return v, nil
}

// find reads the document: first the file the index names, then every file
// in path order until one has the ID.
func (l *Library) find(ctx context.Context, files []corpus.File, id, indexedPath string, inIndex bool) (corpus.File, []byte, corpus.Document, bool) {
	if inIndex {
		for _, f := range files {
			if f.Rel == indexedPath {
				if raw, doc, ok := readDoc(f); ok && doc.ID == id {
					return f, raw, doc, true
				}
				break
			}
		}
	}
	for _, f := range files {
		if ctx.Err() != nil {
			break
		}
		if inIndex && f.Rel == indexedPath {
			continue
		}
		if raw, doc, ok := readDoc(f); ok && doc.ID == id {
			return f, raw, doc, true
		}
	}
	return corpus.File{}, nil, corpus.Document{}, false
}

// readDoc reads and parses one scanned file as the corpus loader does;
// files it would skip are skipped here too.
func readDoc(f corpus.File) ([]byte, corpus.Document, bool) {
	if f.Size > corpus.MaxFileBytes {
		return nil, corpus.Document{}, false
	}
	raw, err := os.ReadFile(filepath.Clean(f.Abs))
	if err != nil || len(raw) > corpus.MaxFileBytes {
		return nil, corpus.Document{}, false
	}
	doc, err := corpus.Parse(f.Rel, f.Kind, raw)
	if err != nil {
		return nil, corpus.Document{}, false
	}
	return raw, doc, true
}

// body is a document's readable text and how to map source offsets into it.
type body struct {
	format      string
	text        string
	frontMatter []byte
	// toBody maps byte offsets of the source file, ascending, to UTF-16
	// offsets of text; -1 for an offset outside the body.
	toBody func(offs []int) []int
}

func newBody(kind string, raw []byte, doc corpus.Document) (body, error) {
	switch kind {
	case "md":
		yml, start, err := corpus.FrontMatter(raw)
		if err != nil {
			return body{}, err
		}
		b := sourceBody(raw, start)
		b.format, b.frontMatter = FormatMarkdown, yml
		return b, nil
	case "html":
		return htmlBody(doc), nil
	default:
		b := sourceBody(raw, len(raw)-len(text.TrimBOM(raw)))
		b.format = FormatText
		return b, nil
	}
}

// locate maps the index's chunk byte ranges into the body; a chunk whose
// range falls outside it is left out.
func (b body) locate(spans []retrieval.ChunkSpan) []ChunkRange {
	offs := make([]int, 0, 2*len(spans))
	for _, s := range spans {
		offs = append(offs, s.Start, s.End)
	}
	slices.Sort(offs)
	offs = slices.Compact(offs)
	mapped := b.toBody(offs)
	at := func(o int) int { i, _ := slices.BinarySearch(offs, o); return mapped[i] }
	out := []ChunkRange{}
	for _, s := range spans {
		start, end := at(s.Start), at(s.End)
		if start >= 0 && end >= start {
			out = append(out, ChunkRange{ID: s.ID, Start: start, End: end})
		}
	}
	return out
}
