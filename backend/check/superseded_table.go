package check

import (
	"slices"
	"strings"

	"continuity/backend/retrieval"
)

// Table rows. The corpus keeps a table one row a line, "| cell | cell |",
// under its header row (corpus/table.go), and a row is one sentence: the
// unit a sync or a history import supersedes. Alone, a row is a header to
// the verifier (claims reads a table's first line as its header), so a
// row is judged with the header of the table it sits in.

// tableHeader is the header row of the table that holds row in chunk, or
// "" when row is no table row of chunk or is the header itself.
func tableHeader(chunk, row string) string {
	if !isTableRow(row) {
		return ""
	}
	at := strings.Index(chunk, row)
	if at < 0 {
		return ""
	}
	// Walk up the lines of the table: its first is the header.
	header := ""
	for lineStart := strings.LastIndexByte(chunk[:at], '\n') + 1; lineStart > 0; {
		prevStart := strings.LastIndexByte(chunk[:lineStart-1], '\n') + 1
		prev := chunk[prevStart : lineStart-1]
		if !isTableRow(prev) {
			break
		}
		header, lineStart = prev, prevStart
	}
	return header
}

// withHeader puts the header row above a row; text stays as it is
// without one.
func withHeader(header, text string) string {
	if header == "" || !isTableRow(text) {
		return text
	}
	return header + "\n" + text
}

func isTableRow(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "|") && !strings.Contains(s, "\n")
}

// rowCells are the trimmed, non-empty cells of a Markdown table row.
func rowCells(row string) []string {
	var out []string
	for _, c := range strings.Split(strings.TrimSpace(row), "|") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// rowStatesOld says a claim states an old table row in its own words: it
// names the row (its first cell, as it was), uses a cell the row no longer
// has besides its name ("Video Conference") and none the row has now
// ("Self-guided"). A row's description cells rarely survive a paraphrase,
// so the word share sentences are matched by does not fit rows.
func rowStatesOld(said string, s retrieval.Superseded) bool {
	now := nowText(s)
	if !isRow(s.Text) || !isRow(now) {
		return false
	}
	old, cur := rowCells(s.Text), rowCells(now)
	// a renamed row alone changed no fact of it: the name is not a used cell
	return len(old) >= 2 && hasWords(said, old[0]) && cellsUsed(said, old[1:], cur) && !cellsUsed(said, cur, old)
}

func isRow(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "|") }

// cellsUsed says said uses a short cell of cells (a value, not a
// description) that other lacks: a cell a change replaced.
func cellsUsed(said string, cells, other []string) bool {
	for _, c := range cells {
		if !slices.Contains(other, c) && len(strings.Fields(c)) <= maxValueWords && hasWords(said, c) {
			return true
		}
	}
	return false
}
