package ingest

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// contentNS is the RSS content module; its <content:encoded> holds the
// post's HTML (<excerpt:encoded> shares the local name).
const contentNS = "http://purl.org/rss/1.0/modules/content/"

type xmlChild struct {
	XMLName xml.Name
	Value   string `xml:",chardata"`
}

type wxrItem struct {
	Children []xmlChild `xml:",any"`
}

// ParseWXR reads a WordPress export (WXR, any version): posts and pages
// become Items with id "wp-<post_id>"; attachments, menu items and other
// post types are skipped with their type. name locates errors.
func ParseWXR(ctx context.Context, name string, r io.Reader) ([]Item, []Skip, error) {
	dec := xml.NewDecoder(r)
	dec.Strict = true
	var items []Item
	var skips []Skip
	sawRSS, n := false, 0
	for {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		line, _ := dec.InputPos()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, xmlError(name, line, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "rss":
			sawRSS = true
		case "item":
			n++
			var raw wxrItem
			if err := dec.DecodeElement(&raw, &se); err != nil {
				return nil, nil, xmlError(name, line, err)
			}
			it, reason := wxrToItem(raw)
			it.Origin = fmt.Sprintf("%s item %d (line %d", name, n, line)
			if id := strings.TrimPrefix(it.ID, "wp-"); id != "" {
				it.Origin += ", <wp:post_id>" + id
			}
			it.Origin += ")"
			if reason != "" {
				skips = append(skips, Skip{Origin: it.Origin, Reason: reason})
				continue
			}
			items = append(items, it)
		}
	}
	if !sawRSS {
		return nil, nil, fmt.Errorf("%s: not a WordPress export (no <rss> element)", name)
	}
	return items, skips, nil
}

func xmlError(name string, line int, err error) error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		line = se.Line
	}
	return fmt.Errorf("%s line %d: %w", name, line, err)
}

func wxrToItem(raw wxrItem) (Item, string) {
	f := map[string]string{}
	var body string
	for _, c := range raw.Children {
		if c.XMLName.Local == "encoded" {
			if c.XMLName.Space == contentNS {
				body = c.Value
			}
			continue
		}
		if _, seen := f[c.XMLName.Local]; !seen {
			f[c.XMLName.Local] = strings.TrimSpace(c.Value)
		}
	}
	it := Item{Title: f["title"], URL: f["link"], Body: body, Format: FormatHTML, Type: f["post_type"]}
	if id := f["post_id"]; id != "" {
		it.ID = "wp-" + id
	}
	if it.ID == "" {
		return it, "no <wp:post_id>; skipped"
	}
	if it.Type != "post" && it.Type != "page" {
		return it, fmt.Sprintf("post type %q; only posts and pages are documents", it.Type)
	}
	switch f["status"] {
	case "publish":
		it.Status = StatusPublished
	case "draft", "pending", "future", "auto-draft":
		it.Status = StatusDraft
	case "private":
		it.Status = StatusPrivate
	case "trash":
		it.Status = StatusTrashed
	default:
		return it, fmt.Sprintf("unknown <wp:status> %q; treated as unpublished", f["status"])
	}
	it.Date = wpDate(f["post_date_gmt"], f["post_date"])
	return it, ""
}

// wpDate reads WordPress's "2006-01-02 15:04:05"; unpublished posts carry a
// zero GMT date, so the local date is the fallback.
func wpDate(gmt, local string) time.Time {
	for _, s := range []string{gmt, local} {
		if t, err := time.Parse("2006-01-02 15:04:05", s); err == nil && t.Year() > 1 {
			return t.UTC()
		}
	}
	return time.Time{}
}
