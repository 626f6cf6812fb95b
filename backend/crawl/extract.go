package crawl

import (
	"bytes"
	"net/url"
	"strings"

	readability "codeberg.org/readeck/go-readability/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// extracted is a page's title and main content.
type extracted struct {
	Title string
	HTML  string
}

// extractMain finds a page's main content with readability and, when that
// finds nothing, the first <main>, <article> or <body>. ok is false when
// none of them holds any text.
func extractMain(body []byte, pageURL *url.URL) (extracted, bool) {
	doc, err := html.Parse(bytes.NewReader(body))
	if err != nil {
		return extracted{}, false
	}
	title := documentTitle(doc)
	parser := readability.NewParser()
	if art, err := parser.ParseDocument(doc, pageURL); err == nil && art.Node != nil {
		var text strings.Builder
		if art.RenderText(&text) == nil && strings.TrimSpace(text.String()) != "" {
			var out strings.Builder
			if art.RenderHTML(&out) == nil {
				if t := strings.TrimSpace(art.Title()); t != "" {
					title = t
				}
				return extracted{Title: title, HTML: out.String()}, true
			}
		}
	}
	for _, a := range []atom.Atom{atom.Main, atom.Article, atom.Body} {
		n := findElement(doc, a)
		if n == nil || strings.TrimSpace(innerText(n)) == "" {
			continue
		}
		var out strings.Builder
		if html.Render(&out, n) == nil {
			return extracted{Title: title, HTML: out.String()}, true
		}
	}
	return extracted{}, false
}

func documentTitle(doc *html.Node) string {
	if n := findElement(doc, atom.Title); n != nil {
		return strings.Join(strings.Fields(innerText(n)), " ")
	}
	return ""
}

func findElement(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if found := findElement(c, a); found != nil {
			return found
		}
	}
	return nil
}

// innerText is the text of n without script and style contents.
func innerText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style) {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}
