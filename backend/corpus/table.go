package corpus

import (
	"strings"
)

// Tables. A table states one fact per row, so every table, Markdown pipe
// table or HTML <table>, is kept as one block of rows, one row a line,
// written the same way: "| cell | cell |", header row first, padding and
// the rule line gone. The sentence splitter keeps each such line whole,
// so the old and new versions of a row pair up in the history, and the
// claim verifier reads the rows with their header (claims.tableCells).
// A table longer than a chunk is cut between rows, never inside one, and
// each piece starts with the header row again.

// tableLine reports whether a Markdown line is a pipe-table row.
func tableLine(trimmed string) bool { return strings.HasPrefix(trimmed, "|") }

// pipeRow writes cells as one table line, an empty cell as "| |"; a
// cell's own "|" becomes "/" so the line splits back into the same cells.
func pipeRow(cells []string) string {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		if c = strings.ReplaceAll(strings.Join(strings.Fields(c), " "), "|", "/"); c != "" {
			b.WriteString(" " + c)
		}
		b.WriteString(" |")
	}
	return b.String()
}

// markdownRow reads one Markdown table line as a row: its cells with
// inline markup removed; ok is false for the rule under the header and
// for a row without a letter or digit.
func markdownRow(line string) (row string, ok bool) {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	cells := splitCells(line)
	rule, empty := true, true
	for i, c := range cells {
		c = cleanInline(c)
		cells[i] = c
		if strings.Trim(c, ":- ") != "" {
			rule = false
		}
		if c != "" {
			empty = false
		}
	}
	if rule || empty {
		return "", false
	}
	return pipeRow(cells), true
}

// splitCells splits a row at the pipes that are not escaped ("\|" is a
// pipe inside a cell).
func splitCells(line string) []string {
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('/')
			i++
		case line[i] == '|':
			cells = append(cells, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(line[i])
		}
	}
	return append(cells, cur.String())
}

// tablePieces cuts a table block longer than size words between rows;
// every piece after the first starts with the header row again. A single
// row longer than size stays whole.
func tablePieces(table string, size int) []string {
	rows := strings.Split(table, "\n")
	header := rows[0]
	headerWords := len(strings.Fields(header))
	var out []string
	cur := []string{header}
	words := headerWords
	for _, r := range rows[1:] {
		n := len(strings.Fields(r))
		if len(cur) > 1 && words+n > size {
			out = append(out, strings.Join(cur, "\n"))
			cur, words = []string{header}, headerWords
		}
		cur = append(cur, r)
		words += n
	}
	return append(out, strings.Join(cur, "\n"))
}

// htmlTable collects the rows of an HTML table as its text arrives.
type htmlTable struct {
	rows          []string
	cells         []string
	cell          strings.Builder
	inRow, inCell bool
	start, end    int  // byte range of the table's text; start < 0 before any
	header        bool // the first row holds header cells (<th>)
	width         int  // cells in the widest row
}

func newHTMLTable() *htmlTable { return &htmlTable{start: -1} }

// startRow opens a row (<tr>), closing the one open.
func (t *htmlTable) startRow() {
	t.endRow()
	t.inRow = true
}

// startCell opens a cell (<td>, or <th> when th), and a row when none is open.
func (t *htmlTable) startCell(th bool) {
	t.endCell()
	t.inRow, t.inCell = true, true
	t.header = t.header || th && len(t.rows) == 0
}

// endCell closes the open cell (</td>, </th>, the next cell or row).
func (t *htmlTable) endCell() {
	if t.inCell {
		t.cells = append(t.cells, t.cell.String())
		t.cell.Reset()
		t.inCell = false
	}
}

// endRow closes the open row (</tr>, the next <tr>, </table>); a row
// without visible text is dropped.
func (t *htmlTable) endRow() {
	t.endCell()
	if t.inRow && strings.TrimSpace(strings.Join(t.cells, "")) != "" {
		t.rows = append(t.rows, pipeRow(t.cells))
		t.width = max(t.width, len(t.cells))
	}
	t.cells, t.inRow = nil, false
}

// write adds text found at [from, to) of the source to the open cell;
// visible text outside any cell (a caption) gets a cell of its own.
func (t *htmlTable) write(s string, from, to int) {
	blank := strings.TrimSpace(s) == ""
	if !t.inCell {
		if blank {
			return
		}
		t.startCell(false)
	}
	t.cell.WriteString(s)
	if blank {
		return
	}
	if t.start < 0 {
		t.start = from
	}
	t.end = to
}

// block is the finished table, ok false when it holds no text. A table
// without header cells gets an empty header row (no sentence: it holds
// no word), so its first row reads as data, not as column names.
func (t *htmlTable) block(path []string) (Block, bool) {
	t.endRow()
	if len(t.rows) == 0 || t.start < 0 {
		return Block{}, false
	}
	rows := t.rows
	if !t.header {
		rows = append([]string{pipeRow(make([]string, t.width))}, rows...)
	}
	text := stripInvisible(strings.Join(rows, "\n"))
	return Block{Text: text, Table: true, HeadingPath: append([]string(nil), path...), Start: t.start, End: t.end}, true
}

// mdLine is one line of a Markdown paragraph with its byte range.
type mdLine struct {
	text       string
	start, end int
}

// paragraphBlocks makes a paragraph one block, or, when some of its lines
// are table rows, one block per run of rows and per run of other lines.
func paragraphBlocks(para []mdLine, path []string) []Block {
	var out []Block
	for i := 0; i < len(para); {
		table := tableLine(strings.TrimSpace(para[i].text))
		j := i + 1
		for j < len(para) && tableLine(strings.TrimSpace(para[j].text)) == table {
			j++
		}
		run := para[i:j]
		i = j
		lines := make([]string, 0, len(run))
		for _, l := range run {
			if !table {
				lines = append(lines, l.text)
			} else if r, ok := markdownRow(l.text); ok {
				lines = append(lines, r)
			}
		}
		text := strings.Join(lines, "\n")
		if table {
			text = stripInvisible(text)
		} else {
			text = cleanInline(text)
		}
		if text != "" {
			out = append(out, Block{Text: text, Table: table, HeadingPath: append([]string(nil), path...), Start: run[0].start, End: run[len(run)-1].end})
		}
	}
	return out
}
