package ingest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
)

type zendeskArticle struct {
	ID        json.Number `json:"id"`
	HTMLURL   string      `json:"html_url"`
	Title     string      `json:"title"`
	Body      *string     `json:"body"`
	Draft     bool        `json:"draft"`
	CreatedAt string      `json:"created_at"`
	UpdatedAt string      `json:"updated_at"`
	EditedAt  string      `json:"edited_at"`
	Locale    string      `json:"locale"`
}

type zendeskPage struct {
	Articles *[]zendeskArticle `json:"articles"`
}

// ParseZendesk reads Help Center articles as the API returns them
// (GET /api/v2/help_center/articles.json: {"articles":[...],"next_page"}),
// a bare JSON array of articles, or several pages one after another.
// Articles become Items with id "zd-<id>"; draft:true is a draft.
func ParseZendesk(ctx context.Context, name string, r io.Reader) ([]Item, []Skip, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var items []Item
	var skips []Skip
	pages := 0
	for {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		start := dec.InputOffset()
		var v json.RawMessage
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, jsonError(name, raw, err)
		}
		arts, err := zendeskArticles(v)
		if err != nil {
			line, col := lineCol(raw[:start+leadingSpace(raw[start:])])
			return nil, nil, fmt.Errorf("%s line %d column %d: %w", name, line, col, err)
		}
		pages++
		for i, a := range arts {
			origin := fmt.Sprintf("%s page %d articles[%d] (id %s)", name, pages, i, a.ID)
			it, reason := zendeskToItem(a)
			it.Origin = origin
			if reason != "" {
				skips = append(skips, Skip{Origin: origin, Reason: reason})
				continue
			}
			items = append(items, it)
		}
	}
	if pages == 0 {
		return nil, nil, fmt.Errorf("%s: empty file, no articles", name)
	}
	return items, skips, nil
}

func leadingSpace(b []byte) int64 { return int64(len(b) - len(bytes.TrimLeft(b, " \t\r\n"))) }

func zendeskArticles(v json.RawMessage) ([]zendeskArticle, error) {
	t := bytes.TrimSpace(v)
	var arts []zendeskArticle
	if len(t) > 0 && t[0] == '[' {
		if err := json.Unmarshal(t, &arts); err != nil {
			return nil, err
		}
		return arts, nil
	}
	var p zendeskPage
	if err := json.Unmarshal(t, &p); err != nil {
		return nil, err
	}
	if p.Articles == nil {
		return nil, errors.New(`not Zendesk articles: expected {"articles":[...]} or an array of articles`)
	}
	return *p.Articles, nil
}

func zendeskToItem(a zendeskArticle) (Item, string) {
	it := Item{Title: a.Title, URL: a.HTMLURL, Format: FormatHTML, Type: "article", Status: StatusPublished}
	if a.ID.String() == "" {
		return it, "no id; skipped"
	}
	it.ID = "zd-" + a.ID.String()
	if a.Draft {
		it.Status = StatusDraft
	}
	if a.Body == nil {
		return it, "no body; skipped"
	}
	it.Body = *a.Body
	for _, s := range []string{a.EditedAt, a.UpdatedAt, a.CreatedAt} {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			it.Date = t.UTC()
			break
		}
	}
	return it, ""
}
