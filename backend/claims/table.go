package claims

import (
	"strings"
)

// tableCell is one cell of a Markdown table read as a sentence: its row
// label, column label and value ("Uptime SLA Business 99.95%"), quoted as
// the row it sits in.
type tableCell struct {
	text       string // the linearised sentence that is analysed
	start, end int    // byte offsets of the row (or whole table) in the chunk text
	whole      bool   // a whole row or column: one entity with all its attributes
}

// tableCells reads every Markdown table of text. Tables state facts per
// cell, which a row read as one sentence mixes up (a row of four plans
// holds four prices); a dash cell means "not included", a tick "included".
func tableCells(text string) []tableCell {
	var out []tableCell
	var header []string
	var cols [][]string // per column: "row label value" pieces
	tableStart, tableEnd := 0, 0
	flushCols := func() {
		for j, c := range cols {
			if len(c) > 1 {
				out = append(out, tableCell{text: header[j+1] + " | " + strings.Join(c, " | "), start: tableStart, end: tableEnd, whole: true})
			}
		}
		cols = nil
	}
	pos := 0
	for pos < len(text) {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += pos
		}
		line := strings.TrimSpace(text[pos:end])
		lead := strings.Index(text[pos:end], line)
		start := pos + max(lead, 0)
		pos = end + 1
		if !strings.HasPrefix(line, "|") {
			flushCols()
			header = nil
			continue
		}
		cells := splitRow(line)
		switch {
		case header == nil:
			header = cells
			tableStart = start
			cols = make([][]string, max(len(header)-1, 0))
			continue
		case isRule(cells):
			continue
		}
		tableEnd = start + len(line)
		label := cells[0]
		var row []string
		for j := 1; j < len(cells) && j < len(header); j++ {
			v := cellMeaning(cells[j])
			if v == "" {
				continue
			}
			parts := []string{label, header[j], v}
			if strings.TrimSpace(header[0]) != "" {
				parts = append([]string{header[0]}, parts...)
			}
			out = append(out, tableCell{text: strings.Join(parts, " | "), start: start, end: start + len(line)})
			// a colon keeps "Storage: 20 GB" from reading as a version name
			row = append(row, header[j]+": "+v)
			cols[j-1] = append(cols[j-1], label+": "+v)
		}
		if len(row) > 1 {
			out = append(out, tableCell{text: label + " | " + strings.Join(row, " | "), start: start, end: start + len(line), whole: true})
		}
	}
	flushCols()
	return out
}

func splitRow(line string) []string {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	cells := strings.Split(line, "|")
	for i, c := range cells {
		cells[i] = strings.Trim(strings.TrimSpace(c), "*_`")
	}
	return cells
}

func isRule(cells []string) bool {
	for _, c := range cells {
		if strings.Trim(c, "-: ") != "" {
			return false
		}
	}
	return true
}

// cellMeaning spells out marks that stand for yes or no.
func cellMeaning(c string) string {
	switch strings.ToLower(c) {
	case "":
		return ""
	case "—", "–", "-", "✗", "✘", "×", "no", "n/a":
		return "is not included"
	case "✓", "✔", "✅", "yes", "included":
		return "is included"
	}
	return c
}
