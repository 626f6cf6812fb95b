package draftfile

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// block is one Markdown block made from document.xml.
type block struct {
	kind  blockKind
	level int        // heading level 1..6, or list nesting 0..
	text  string     // paragraphs, headings and list items
	rows  [][]string // tables
}

type blockKind int

const (
	paragraphBlock blockKind = iota
	headingBlock
	listBlock
	tableBlock
)

// skippedParts are WordprocessingML elements whose content is not the
// draft's running text: drawings and text boxes (whose alternate content
// would repeat it), embedded objects, deleted and moved-away revisions,
// and property blocks that never hold text.
var skippedParts = map[string]bool{
	"drawing": true, "pict": true, "AlternateContent": true, "object": true,
	"del": true, "moveFrom": true, "rPr": true, "sdtPr": true, "sectPr": true,
	"tblPr": true, "tblGrid": true, "trPr": true, "footnoteReference": true, "endnoteReference": true,
}

// docParser walks document.xml's tokens; it never recurses, so nesting
// depth costs no stack.
type docParser struct {
	headings map[string]int
	blocks   []block

	para      *paraState
	paraDepth int // nested w:p (only in malformed files) join the outer one
	runDepth  int
	inText    bool
	inPPr     bool

	table      *block
	tableDepth int // nested tables flatten into the outer table's cell
	cell       []string
	cellSpan   int // grid columns the open cell spans
	inCell     bool
	cells      int // table cells so far, padded rows included
	err        error
}

// Table bounds: a spanned cell costs a cell per grid column and a short
// row is padded to the widest, so a small file could otherwise ask for
// millions of cells.
const (
	maxColumns    = 64
	maxTableCells = 1 << 20
)

var errTooManyCells = fmt.Errorf("%w: the tables have more than %d cells", ErrTooLarge, maxTableCells)

type paraState struct {
	text    strings.Builder
	style   string
	outline int // from w:outlineLvl, 1-based; 0 = none
	list    bool
	ilvl    int
}

func parseDocument(ctx context.Context, b []byte, headings map[string]int) ([]block, error) {
	p := &docParser{headings: headings}
	dec := xml.NewDecoder(bytes.NewReader(b))
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return p.blocks, nil
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if skippedParts[t.Name.Local] {
				if err := dec.Skip(); err != nil {
					return nil, err
				}
				continue
			}
			p.start(t)
		case xml.EndElement:
			p.end(t.Name.Local)
			if p.err != nil {
				return nil, p.err
			}
		case xml.CharData:
			if p.inText && p.para != nil {
				p.para.text.Write(t)
			}
		}
	}
}

func (p *docParser) start(se xml.StartElement) {
	switch se.Name.Local {
	case "p":
		p.paraDepth++
		if p.para == nil {
			p.para = &paraState{}
		}
	case "pPr":
		p.inPPr = true
	case "pStyle":
		if p.inPPr && p.para != nil {
			p.para.style = attr(se, "val")
		}
	case "numPr":
		if p.inPPr && p.para != nil {
			p.para.list = true
		}
	case "numId":
		if p.inPPr && p.para != nil && attr(se, "val") == "0" {
			p.para.list = false // numbering switched off for this paragraph
		}
	case "ilvl":
		if n, err := strconv.Atoi(attr(se, "val")); err == nil && p.inPPr && p.para != nil && n >= 0 && n < 9 {
			p.para.ilvl = n
		}
	case "outlineLvl":
		if n, err := strconv.Atoi(attr(se, "val")); err == nil && p.inPPr && p.para != nil && n >= 0 && n < 6 {
			p.para.outline = n + 1
		}
	case "r":
		p.runDepth++
	case "t":
		p.inText = p.runDepth > 0
	case "tab":
		p.write("\t") // tab stops in w:pPr are outside any run, so write ignores them
	case "br", "cr":
		p.write("\n")
	case "noBreakHyphen":
		p.write("-")
	case "tbl":
		p.tableDepth++
		if p.tableDepth == 1 {
			p.table = &block{kind: tableBlock}
		}
	case "tr":
		if p.tableDepth == 1 {
			p.table.rows = append(p.table.rows, nil)
		}
	case "tc":
		if p.tableDepth == 1 {
			p.inCell, p.cell, p.cellSpan = true, nil, 1
		}
	case "gridSpan":
		// a cell spanning n grid columns takes n cells in a pipe table
		if n, err := strconv.Atoi(attr(se, "val")); err == nil && p.tableDepth == 1 && n > 1 && n <= 64 {
			p.cellSpan = n
		}
	}
}

// write adds text inside a run of the current paragraph.
func (p *docParser) write(s string) {
	if p.runDepth > 0 && p.para != nil {
		p.para.text.WriteString(s)
	}
}

func (p *docParser) end(local string) {
	switch local {
	case "p":
		p.paraDepth--
		if p.paraDepth <= 0 && p.para != nil {
			p.paraDepth = 0
			p.endParagraph()
		}
	case "pPr":
		p.inPPr = false
	case "r":
		p.runDepth = max(p.runDepth-1, 0)
	case "t":
		p.inText = false
	case "tc":
		if p.tableDepth == 1 && p.inCell {
			if last := len(p.table.rows) - 1; last >= 0 {
				p.table.rows[last] = addCell(p.table.rows[last], strings.Join(p.cell, " "), p.cellSpan)
			}
			p.inCell, p.cell = false, nil
		}
	case "tbl":
		p.tableDepth--
		if p.tableDepth <= 0 && p.table != nil {
			p.tableDepth = 0
			cols := 0
			for _, r := range p.table.rows {
				cols = max(cols, len(r))
			}
			if p.cells += len(p.table.rows) * cols; p.cells > maxTableCells {
				p.err = errTooManyCells
			}
			if cols > 0 {
				p.blocks = append(p.blocks, *p.table)
			}
			p.table, p.inCell = nil, false
		}
	}
}

// addCell adds a cell and the empty ones its span covers; past
// maxColumns, text joins the last cell rather than widening the table.
func addCell(row []string, text string, span int) []string {
	if len(row) >= maxColumns {
		if text != "" {
			row[len(row)-1] = strings.TrimSpace(row[len(row)-1] + " " + text)
		}
		return row
	}
	row = append(row, text)
	for i := 1; i < span && len(row) < maxColumns; i++ {
		row = append(row, "")
	}
	return row
}

// endParagraph files the finished paragraph as a block, or as a line of
// the table cell it is in.
func (p *docParser) endParagraph() {
	st := p.para
	p.para = nil
	text := strings.TrimSpace(st.text.String())
	if text == "" {
		return
	}
	if p.inCell {
		p.cell = append(p.cell, text)
		return
	}
	if p.table != nil {
		return // text between a table's cells belongs to no cell
	}
	b := block{kind: paragraphBlock, text: text}
	switch lvl := p.headingOf(st); {
	case lvl > 0:
		b.kind, b.level = headingBlock, lvl
	case st.list:
		b.kind, b.level = listBlock, st.ilvl
	}
	p.blocks = append(p.blocks, b)
}

func (p *docParser) headingOf(st *paraState) int {
	if lvl := headingLevel(st.style); lvl > 0 {
		return lvl
	}
	if lvl, ok := p.headings[st.style]; ok {
		return lvl
	}
	return st.outline
}
