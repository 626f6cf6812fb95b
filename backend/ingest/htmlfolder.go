package ingest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"continuity/backend/draftfile"
)

// ReadHTMLFolder reads every .html, .htm and .docx file under root (dot
// folders excluded) as a published Item whose id is its path relative to
// root without the extension. Unreadable or unconvertible files are
// skipped with the reason; an unreadable root is an error.
func ReadHTMLFolder(ctx context.Context, root string) ([]Item, []Skip, error) {
	return readFolder(ctx, "html folder", root, map[string]bool{".html": true, ".htm": true, ".docx": true}, readPage)
}

func readPage(ctx context.Context, p, rel string) (Item, error) {
	it := Item{ID: strings.TrimSuffix(rel, filepath.Ext(rel)), Status: StatusPublished, Type: "page", Origin: rel}
	if st, err := os.Stat(p); err == nil {
		it.Date = st.ModTime().UTC()
	}
	if strings.EqualFold(filepath.Ext(p), ".docx") {
		d, err := draftfile.Read(ctx, p)
		if err != nil {
			return it, err
		}
		it.Body, it.Format = d.Markdown, FormatMarkdown
		it.Title = firstHeading(d.Markdown)
		return it, nil
	}
	raw, err := os.ReadFile(p)
	if err != nil {
		return it, err
	}
	if len(raw) > draftfile.MaxFileSize {
		return it, fmt.Errorf("%d bytes, over the %d limit; skipped", len(raw), draftfile.MaxFileSize)
	}
	it.Body, it.Format = string(raw), FormatHTML
	it.Title = htmlTitle(string(raw))
	return it, nil
}

// htmlTitle is the page's <title>, else its first <h1>.
func htmlTitle(src string) string {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return ""
	}
	var title, h1 string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.DataAtom == atom.Title && title == "" || n.DataAtom == atom.H1 && h1 == "") {
			t := strings.Join(strings.Fields(textContent(n)), " ")
			if n.DataAtom == atom.Title {
				title = t
			} else {
				h1 = t
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if title != "" {
		return title
	}
	return h1
}

func textContent(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textContent(c))
	}
	return b.String()
}

func firstHeading(md string) string {
	for _, l := range strings.Split(md, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "#") {
			return strings.TrimSpace(strings.TrimLeft(t, "#"))
		}
	}
	return ""
}
