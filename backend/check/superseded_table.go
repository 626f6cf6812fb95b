package check

import "strings"

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
