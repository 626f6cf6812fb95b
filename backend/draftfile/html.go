package draftfile

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// skipped are elements whose content a reader never sees as the draft's
// text: code and styling, navigation, embedded objects and forms.
var skipped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Nav: true, atom.Svg: true, atom.Math: true, atom.Iframe: true, atom.Object: true,
	atom.Embed: true, atom.Canvas: true, atom.Head: true, atom.Button: true, atom.Select: true,
}

// ConvertHTML turns an HTML fragment or page (a rich paste from the
// clipboard, say) into Markdown with the converter drafts use.
func ConvertHTML(ctx context.Context, src string) (string, error) {
	if len(src) > MaxFileSize {
		return "", tooLarge("the HTML", int64(len(src)))
	}
	s, err := textOf("the HTML", []byte(src))
	if err != nil {
		return "", err
	}
	return htmlToMarkdown(ctx, "the HTML", s)
}

// htmlToMarkdown converts HTML to Markdown: headings as "#" paragraphs of
// their own, tables as pipe tables, and nothing a browser would not show.
func htmlToMarkdown(ctx context.Context, name, src string) (string, error) {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		// html.Parse refuses only documents nested deeper than 512 elements
		return "", fmt.Errorf("%s: %w: elements are nested deeper than an HTML draft may be (%w)", name, ErrTooLarge, err)
	}
	prune(doc)
	conv := converter.NewConverter(converter.WithPlugins(
		base.NewBasePlugin(),
		commonmark.NewCommonmarkPlugin(commonmark.WithHeadingStyle(commonmark.HeadingStyleATX)),
		table.NewTablePlugin(
			table.WithHeaderPromotion(true),
			table.WithSkipEmptyRows(true),
			table.WithCellPaddingBehavior(table.CellPaddingBehaviorMinimal),
			// should a line break survive flattenCell, keep the table anyway
			table.WithNewlineBehavior(table.NewlineBehaviorPreserve),
		),
	))
	out, err := convertNode(ctx, conv, doc)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return "", err
		}
		return "", fmt.Errorf("%s: convert HTML: %w", name, err)
	}
	md := normalizeNewlines(strings.TrimSpace(string(out)))
	if !utf8.ValidString(md) {
		// the parser replaces bad bytes, so this never happens; never pass
		// invalid text on if it one day does
		md = strings.ToValidUTF8(md, "\uFFFD")
	}
	return md, nil
}

// convertNode runs the converter, turning a panic inside the third-party
// code into an error: a hostile page must never take the process down.
func convertNode(ctx context.Context, conv *converter.Converter, doc *html.Node) (out []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("the converter failed: %v", p)
		}
	}()
	return conv.ConvertNode(doc, converter.WithContext(ctx))
}

// prune removes, in place, every element in skipped and every element
// hidden by its attributes, with everything inside it.
func prune(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch {
		case c.Type != html.ElementNode:
		case skipped[c.DataAtom] || hidden(c):
			n.RemoveChild(c)
		case c.DataAtom == atom.Td || c.DataAtom == atom.Th:
			prune(c)
			flattenCell(c)
		default:
			prune(c)
		}
		c = next
	}
}

// inline are the elements a table cell keeps: they stay on one line.
var inline = map[atom.Atom]bool{
	atom.A: true, atom.B: true, atom.Strong: true, atom.I: true, atom.Em: true, atom.Code: true,
	atom.Span: true, atom.Small: true, atom.Sub: true, atom.Sup: true, atom.U: true, atom.S: true,
	atom.Del: true, atom.Ins: true, atom.Mark: true, atom.Abbr: true, atom.Time: true, atom.Img: true,
}

// flattenCell puts a table cell's content on one line (a line break or a
// paragraph inside a cell becomes a space), so the cell still makes a pipe
// table instead of the converter giving up on the whole table.
func flattenCell(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode {
			flattenCell(c)
			if !inline[c.DataAtom] {
				n.InsertBefore(&html.Node{Type: html.TextNode, Data: " "}, c)
				for g := c.FirstChild; g != nil; g = c.FirstChild {
					c.RemoveChild(g)
					n.InsertBefore(g, c)
				}
				n.InsertBefore(&html.Node{Type: html.TextNode, Data: " "}, c)
				n.RemoveChild(c)
			}
		}
		c = next
	}
}

// hidden reports an element a browser would not show.
func hidden(n *html.Node) bool {
	for _, a := range n.Attr {
		v := strings.ToLower(strings.ReplaceAll(a.Val, " ", ""))
		switch strings.ToLower(a.Key) {
		case "hidden":
			return true
		case "aria-hidden":
			if v == "true" {
				return true
			}
		case "style":
			if strings.Contains(v, "display:none") || strings.Contains(v, "visibility:hidden") {
				return true
			}
		}
	}
	return false
}
