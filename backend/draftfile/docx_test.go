package draftfile

import (
	"archive/zip"
	"bytes"
	"errors"
	"strings"
	"testing"

	"continuity/backend/draftfile/docxtest"
)

// docxFile builds a real .docx archive: the parts Word writes, with body
// as the content of w:body and styles as the content of w:styles ("" for
// no styles part).
func docxFile(t testing.TB, body, styles string) []byte {
	t.Helper()
	parts := map[string]string{
		"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
		"_rels/.rels": `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
		"word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>` +
			body + `<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
	}
	if styles != "" {
		parts["word/styles.xml"] = `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` + styles + `</w:styles>`
	}
	return zipOf(t, parts)
}

func zipOf(t testing.TB, parts map[string]string) []byte {
	t.Helper()
	return docxtest.Zip(t, parts)
}

// Small WordprocessingML builders, to keep the cases readable.
func wp(style, text string) string {
	ppr := ""
	if style != "" {
		ppr = `<w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>`
	}
	return `<w:p>` + ppr + `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">` + text + `</w:t></w:r></w:p>`
}

func wli(level, text string) string {
	return `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="` + level + `"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>` + text + `</w:t></w:r></w:p>`
}

func wtable(rows ...[]string) string {
	var b strings.Builder
	b.WriteString(`<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/></w:tblGrid>`)
	for _, r := range rows {
		b.WriteString(`<w:tr>`)
		for _, c := range r {
			b.WriteString(`<w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>` + wp("", c) + `</w:tc>`)
		}
		b.WriteString(`</w:tr>`)
	}
	b.WriteString(`</w:tbl>`)
	return b.String()
}

func TestConvertDocx(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body, styles, want string
	}{
		{"title, headings and paragraphs",
			wp("Title", "Plans") + wp("Heading2", "Team") + wp("", "The Team plan costs $29 a month.") + wp("Heading6", "Small print"),
			"", "# Plans\n\n## Team\n\nThe Team plan costs $29 a month.\n\n###### Small print"},
		{"runs join into one paragraph",
			`<w:p><w:r><w:t xml:space="preserve">The Team </w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>plan</w:t></w:r><w:r><w:t xml:space="preserve"> costs $29.</w:t></w:r></w:p>`,
			"", "The Team plan costs $29."},
		{"list paragraphs",
			wp("", "Every plan includes:") + wli("0", "Stripe") + wli("1", "Cards and wallets") + wli("0", "PayPal") + wp("", "After."),
			"", "Every plan includes:\n\n- Stripe\n  - Cards and wallets\n- PayPal\n\nAfter."},
		{"numbering switched off is no list",
			`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="0"/></w:numPr></w:pPr><w:r><w:t>Plain.</w:t></w:r></w:p>`,
			"", "Plain."},
		{"table with a header row",
			wtable([]string{"Plan", "Price"}, []string{"Team", "$29 | month"}, []string{"Business"}),
			"", "| Plan | Price |\n|---|---|\n| Team | $29 \\| month |\n| Business |  |"},
		{"spanned cell",
			`<w:tbl><w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>` + wp("", "Both") + `</w:tc></w:tr><w:tr><w:tc>` + wp("", "a") + `</w:tc><w:tc>` + wp("", "b") + `</w:tc></w:tr></w:tbl>`,
			"", "| Both |  |\n|---|---|\n| a | b |"},
		{"line breaks and tabs",
			`<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Name:</w:t><w:tab/><w:t>Tallyhub</w:t><w:br/><w:t>Second line</w:t></w:r></w:p>`,
			"", "Name:\tTallyhub\nSecond line"},
		{"ignored: drawings, deletions, field codes, empty paragraphs",
			`<w:p><w:r><w:drawing><w:t>caption in a drawing</w:t></w:drawing></w:r><w:del><w:r><w:delText>old text</w:delText></w:r></w:del>` +
				`<w:r><w:instrText> HYPERLINK "x" </w:instrText></w:r><w:r><w:t>Kept.</w:t></w:r></w:p><w:p/>` +
				`<mc:AlternateContent><mc:Choice><w:p><w:r><w:t>twice</w:t></w:r></w:p></mc:Choice></mc:AlternateContent>`,
			"", "Kept."},
		{"localized heading style from styles.xml",
			wp("berschrift1", "Preise") + wp("", "Text."),
			`<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>`, "# Preise\n\nText."},
		{"outline level makes a heading",
			`<w:p><w:pPr><w:outlineLvl w:val="2"/></w:pPr><w:r><w:t>Deep</w:t></w:r></w:p>`, "", "### Deep"},
		{"text that looks like markdown stays text",
			wp("", "# not a heading") + wp("", "1. not a list") + wp("", "- nor this"),
			"", "\\# not a heading\n\n1\\. not a list\n\n\\- nor this"},
		{"a table inside a cell flattens",
			`<w:tbl><w:tr><w:tc>` + wp("", "outer") + wtable([]string{"inner"}) + `</w:tc></w:tr></w:tbl>`, "", "| outer inner |\n|---|"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			d, err := Convert("draft.docx", docxFile(t, c.body, c.styles))
			if err != nil {
				t.Fatal(err)
			}
			if d.Format != FormatDocx || d.Name != "draft.docx" || d.Markdown != c.want {
				t.Fatalf("got %+v\nmarkdown %q\nwant     %q", d, d.Markdown, c.want)
			}
		})
	}
}

func TestConvertDocxRefusesHostileArchives(t *testing.T) {
	t.Parallel()
	// a bomb: a few KB of zip that unpacks past the bound
	var bomb bytes.Buffer
	zw := zip.NewWriter(&bomb)
	w, _ := zw.Create("word/document.xml")
	chunk := bytes.Repeat([]byte("<w:p/>"), 1<<16)
	for written := 0; written <= maxDocumentXML; written += len(chunk) {
		if _, err := w.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	// a bomb whose directory lies about its size is caught while reading:
	// archive/zip refuses more bytes than declared, before our own limit
	lying := bytes.Clone(bomb.Bytes())
	patchSizes(t, lying, 1000)

	manyCells := `<w:tbl>` + strings.Repeat(`<w:tr><w:tc><w:tcPr><w:gridSpan w:val="64"/></w:tcPr></w:tc></w:tr>`, maxTableCells/64+1) + `</w:tbl>`
	cases := []struct {
		name string
		data []byte
		want error
		text string
	}{
		{"not a zip", []byte("PK\x03\x04 not really a document\n"), ErrNotDocx, "not a zip"},
		{"zip without document.xml", zipOf(t, map[string]string{"word/other.xml": "<x/>"}), ErrNotDocx, "no word/document.xml"},
		{"broken xml", zipOf(t, map[string]string{"word/document.xml": "<w:document><w:body><w:p>"}), ErrNotDocx, "not readable XML"},
		{"zip bomb", bomb.Bytes(), ErrTooLarge, "word/document.xml unpacks to more than"},
		{"zip bomb with lying sizes", lying, ErrNotDocx, "cannot read word/document.xml"},
		{"span bomb", docxFile(t, manyCells, ""), ErrTooLarge, "cells"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Convert("hostile.docx", c.data)
			if !errors.Is(err, c.want) || !strings.Contains(err.Error(), "hostile.docx") || !strings.Contains(err.Error(), c.text) {
				t.Fatalf("got %v, want %v naming hostile.docx and saying %q", err, c.want, c.text)
			}
		})
	}
}

// patchSizes rewrites every uncompressed size in a zip's local headers
// and central directory to n, as a hostile archive would.
func patchSizes(t *testing.T, b []byte, n uint32) {
	t.Helper()
	put := func(at int) { b[at], b[at+1], b[at+2], b[at+3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24) }
	found := 0
	for i := 0; i+4 <= len(b); i++ {
		switch string(b[i : i+4]) {
		case "PK\x01\x02": // central directory entry: uncompressed size at +24
			put(i + 24)
			found++
		case "PK\x07\x08": // data descriptor: uncompressed size at +12
			put(i + 12)
			found++
		}
	}
	if found == 0 {
		t.Fatal("no zip headers to patch")
	}
}
