package draftfile

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Bounds of one .docx part. document.xml holds the text; styles.xml only
// tells which custom styles are headings, so it gets far less.
const (
	maxDocumentXML = 40 << 20
	maxStylesXML   = 4 << 20
)

// docxToMarkdown reads word/document.xml (and word/styles.xml, for
// headings in styles of other names) out of a .docx archive.
func docxToMarkdown(ctx context.Context, name string, data []byte) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", fmt.Errorf("%s: %w: not a zip archive (%w)", name, ErrNotDocx, err)
	}
	var doc, styles *zip.File
	for _, f := range zr.File {
		switch f.Name {
		case "word/document.xml":
			doc = f
		case "word/styles.xml":
			styles = f
		}
	}
	if doc == nil {
		return "", fmt.Errorf("%s: %w: the archive has no word/document.xml", name, ErrNotDocx)
	}
	budget := &unpackBudget{left: MaxUnpacked}
	headings := map[string]int{}
	if styles != nil {
		b, err := readPart(name, styles, maxStylesXML, budget)
		if err != nil {
			return "", err
		}
		// a broken styles part costs only the custom heading names
		headings, _ = headingStyles(b)
	}
	b, err := readPart(name, doc, maxDocumentXML, budget)
	if err != nil {
		return "", err
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	blocks, err := parseDocument(ctx, b, headings)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return "", err
		}
		return "", fmt.Errorf("%s: %w: word/document.xml is not readable XML (%w)", name, ErrNotDocx, err)
	}
	return renderBlocks(blocks), nil
}

// unpackBudget is what may still be decompressed from one archive.
type unpackBudget struct{ left int64 }

// readPart decompresses one archive entry through a limited reader: the
// sizes in a zip's directory are the sender's word, so they only let a
// bomb be refused early, never allow more to be read.
func readPart(name string, f *zip.File, limit int64, budget *unpackBudget) ([]byte, error) {
	limit = min(limit, budget.left)
	if f.UncompressedSize64 > uint64(limit) {
		return nil, partTooLarge(name, f.Name, limit)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: cannot open %s (%w)", name, ErrNotDocx, f.Name, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w: cannot read %s (%w)", name, ErrNotDocx, f.Name, err)
	}
	if int64(len(b)) > limit {
		return nil, partTooLarge(name, f.Name, limit)
	}
	budget.left -= int64(len(b))
	return b, nil
}

func partTooLarge(name, part string, limit int64) error {
	return fmt.Errorf("%s: %w: %s unpacks to more than %s (the limit for a draft)", name, ErrTooLarge, part, formatSize(limit))
}

// headingStyles maps the ids of styles.xml's heading styles to their
// level: Word names its built-in headings "heading 1".."heading 6" and
// "Title" in every language, while the ids are translated ("berschrift1").
func headingStyles(b []byte) (map[string]int, error) {
	out := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(b))
	var id string
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "style":
			id = attr(se, "styleId")
		case "name":
			if lvl := headingLevel(attr(se, "val")); lvl > 0 && id != "" {
				out[id] = lvl
			}
		case "outlineLvl":
			if n, err := strconv.Atoi(attr(se, "val")); err == nil && n >= 0 && n < 6 && id != "" {
				if _, named := out[id]; !named {
					out[id] = n + 1
				}
			}
		}
	}
}

// headingLevel is the level of a heading style's id or name ("Heading2",
// "heading 2", "Title"), 0 for any other style.
func headingLevel(style string) int {
	s := strings.ToLower(strings.ReplaceAll(style, " ", ""))
	if s == "title" {
		return 1
	}
	if rest, ok := strings.CutPrefix(s, "heading"); ok && len(rest) == 1 && rest[0] >= '1' && rest[0] <= '6' {
		return int(rest[0] - '0')
	}
	return 0
}

// attr is the value of the attribute called local, whatever its namespace.
func attr(se xml.StartElement, local string) string {
	for _, a := range se.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}
