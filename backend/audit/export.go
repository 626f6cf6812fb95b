package audit

import (
	"fmt"
	"io"
	"strings"
	"time"

	"continuity/backend/muddy"
)

// Export is what an audit export holds: the conflicts with their statuses
// and the muddy sentences of every document that has any.
type Export struct {
	Model     string
	Generated time.Time
	Conflicts []Conflict
	Muddy     []MuddyDoc
	// MuddyNote says why Muddy is empty when the lint could not run (e.g.
	// no lexicon); "" when it ran.
	MuddyNote string
}

// MuddyDoc is one document's muddy sentences.
type MuddyDoc struct {
	DocID    string
	Title    string
	Findings []muddy.Finding
}

// Export formats.
const (
	FormatMarkdown = "md"
	FormatHTML     = "html"
	FormatXLSX     = "xlsx"
)

// ErrFormat means an export format other than md, html or xlsx.
var ErrFormat = fmt.Errorf("%w: export format must be md, html or xlsx", ErrInvalid)

// WriteExport writes e in format.
func WriteExport(w io.Writer, e Export, format string) error {
	switch format {
	case FormatMarkdown:
		return WriteMarkdown(w, e)
	case FormatHTML:
		return WriteHTML(w, e)
	case FormatXLSX:
		return WriteXLSX(w, e)
	}
	return fmt.Errorf("%w, got %q", ErrFormat, format)
}

// WriteMarkdown writes the export as a Markdown report. Corpus text has
// its Markdown punctuation escaped, so a quote cannot turn into a link,
// heading or raw HTML.
func WriteMarkdown(w io.Writer, e Export) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "# Corpus audit\n\n%s\n\n", exportSummary(e))
	b.WriteString("## Conflicts\n\n")
	if len(e.Conflicts) == 0 {
		b.WriteString("No conflicts between published documents.\n\n")
	}
	for i, c := range e.Conflicts {
		fmt.Fprintf(b, "### %d. %s vs %s\n\n", i+1, mdEscape(c.A.Title), mdEscape(c.B.Title))
		fmt.Fprintf(b, "- Status: %s%s\n- Confidence: %s\n- Differs: %s\n\n", c.Status, noteSuffix(c.StatusNote, mdEscape),
			confidence(c.Confidence), mdEscape(valuesText(c.Values)))
		for _, side := range []struct {
			s     Statement
			newer bool
		}{{c.A, c.Newer == "a"}, {c.B, c.Newer == "b"}} {
			fmt.Fprintf(b, "**%s** (`%s`, %s)%s\n\n> %s\n\n", mdEscape(side.s.Title), strings.ReplaceAll(side.s.DocID, "`", ""),
				dateText(side.s), newerMark(side.newer), mdEscape(oneLine(side.s.Quote)))
		}
	}
	b.WriteString("## Muddy sentences\n\n")
	if e.MuddyNote != "" {
		fmt.Fprintf(b, "Not measured: %s\n\n", mdEscape(e.MuddyNote))
	} else if len(e.Muddy) == 0 {
		b.WriteString("No muddy sentences.\n\n")
	}
	for _, d := range e.Muddy {
		fmt.Fprintf(b, "### %s (`%s`)\n\n", mdEscape(d.Title), strings.ReplaceAll(d.DocID, "`", ""))
		for _, f := range d.Findings {
			fmt.Fprintf(b, "- %s\n  - Why: %s\n  - Rewrite: %s\n", mdEscape(oneLine(f.Sentence)), mdEscape(f.Why), mdEscape(oneLine(f.Rewrite)))
		}
		b.WriteString("\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("audit markdown: %w", err)
	}
	return nil
}

func exportSummary(e Export) string {
	open := 0
	for _, c := range e.Conflicts {
		if c.Status == StatusOpen || c.Status == "" {
			open++
		}
	}
	muddyN := 0
	for _, d := range e.Muddy {
		muddyN += len(d.Findings)
	}
	s := fmt.Sprintf("%d conflict(s), %d open; %d muddy sentence(s) in %d document(s).", len(e.Conflicts), open, muddyN, len(e.Muddy))
	if e.Model != "" {
		s += " Engine: " + e.Model + "."
	}
	if !e.Generated.IsZero() {
		s += " Generated " + e.Generated.UTC().Format(time.RFC3339) + "."
	}
	return s
}

var mdSpecial = strings.NewReplacer(`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "#", `\#`, "|", `\|`, "!", `\!`)

func mdEscape(s string) string { return mdSpecial.Replace(s) }

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func valuesText(vs []ValuePair) string {
	parts := make([]string, 0, len(vs))
	for _, v := range vs {
		parts = append(parts, v.A+" vs "+v.B)
	}
	if len(parts) == 0 {
		return "(not stated)"
	}
	return strings.Join(parts, "; ")
}

func confidence(c float64) string { return fmt.Sprintf("%.0f%%", c*100) }

func dateText(s Statement) string {
	if s.Date == "" {
		return "date unknown"
	}
	if s.DateSrc == DateFileTime {
		return s.Date + " (file time)"
	}
	return s.Date
}

func newerMark(newer bool) string {
	if newer {
		return " — newer"
	}
	return ""
}

func noteSuffix(note string, esc func(string) string) string {
	if note == "" {
		return ""
	}
	return " — " + esc(oneLine(note))
}
