package crawl

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// ErrMalformedSitemap marks a sitemap that is not a urlset or sitemapindex
// document; it is always wrapped in a *SitemapError that says where.
var ErrMalformedSitemap = errors.New("malformed sitemap")

// maxSitemapEntries is the sitemaps.org limit per file; more is refused
// rather than read without bound.
const maxSitemapEntries = 50000

// SitemapError locates a sitemap problem: the sitemap's URL and the line.
type SitemapError struct {
	URL  string
	Line int
	Err  error
}

func (e *SitemapError) Error() string {
	return fmt.Sprintf("sitemap %s line %d: %v", e.URL, e.Line, e.Err)
}

func (e *SitemapError) Unwrap() error { return e.Err }

// sitemapEntry is one <url> or <sitemap> element.
type sitemapEntry struct {
	Loc     string
	LastMod time.Time
}

// sitemapDoc is a parsed sitemap: Index says whether Entries are further
// sitemaps (a sitemapindex) or pages (a urlset).
type sitemapDoc struct {
	Index   bool
	Entries []sitemapEntry
}

// gunzipIfNeeded inflates a body that starts with the gzip magic, whether
// the server labelled it Content-Encoding or served a .xml.gz file as is;
// the inflated size is bounded by limit.
func gunzipIfNeeded(body []byte, limit int64) ([]byte, error) {
	if len(body) < 2 || body[0] != 0x1f || body[1] != 0x8b {
		return body, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	defer func() { _ = zr.Close() }()
	out, err := io.ReadAll(io.LimitReader(zr, limit+1))
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if int64(len(out)) > limit {
		return nil, fmt.Errorf("gzip: %w", errTooLarge)
	}
	return out, nil
}

// parseSitemap reads a urlset or sitemapindex. Namespaces are matched by
// local name only, because real sitemaps get the namespace wrong often
// enough that insisting on it would refuse working sites.
func parseSitemap(body []byte, sitemapURL string) (sitemapDoc, error) {
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	fail := func(err error) (sitemapDoc, error) {
		line, _ := dec.InputPos()
		var syn *xml.SyntaxError
		if errors.As(err, &syn) {
			line = syn.Line
		}
		return sitemapDoc{}, &SitemapError{URL: sitemapURL, Line: line, Err: fmt.Errorf("%w: %w", ErrMalformedSitemap, err)}
	}
	var doc sitemapDoc
	child := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			if child == "" {
				return fail(errors.New("no <urlset> or <sitemapindex> element"))
			}
			return doc, nil
		}
		if err != nil {
			return fail(err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if child == "" {
			switch start.Name.Local {
			case "urlset":
				child = "url"
			case "sitemapindex":
				child, doc.Index = "sitemap", true
			default:
				return fail(fmt.Errorf("root element <%s>, want <urlset> or <sitemapindex>", start.Name.Local))
			}
			continue
		}
		if start.Name.Local != child {
			if err := dec.Skip(); err != nil {
				return fail(err)
			}
			continue
		}
		line, _ := dec.InputPos()
		var raw struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		}
		if err := dec.DecodeElement(&raw, &start); err != nil {
			return fail(err)
		}
		loc := strings.TrimSpace(raw.Loc)
		if loc == "" {
			return sitemapDoc{}, &SitemapError{URL: sitemapURL, Line: line, Err: fmt.Errorf("%w: <%s> without <loc>", ErrMalformedSitemap, child)}
		}
		if len(doc.Entries) >= maxSitemapEntries {
			return sitemapDoc{}, &SitemapError{URL: sitemapURL, Line: line, Err: fmt.Errorf("%w: more than %d entries", ErrMalformedSitemap, maxSitemapEntries)}
		}
		doc.Entries = append(doc.Entries, sitemapEntry{Loc: loc, LastMod: parseLastMod(raw.LastMod)})
	}
}

// lastModLayouts are the W3C datetime forms sitemaps.org allows.
var lastModLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04:05",
	"2006-01-02",
	"2006-01",
	"2006",
}

// parseLastMod returns the zero time for a missing or unreadable lastmod:
// the date is a hint, and the page's Last-Modified header stands in.
func parseLastMod(s string) time.Time {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}
	}
	for _, layout := range lastModLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}
