package ingest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

type ghostExport struct {
	DB []struct {
		Data struct {
			Posts    []ghostPost `json:"posts"`
			Settings []struct {
				Key   string          `json:"key"`
				Value json.RawMessage `json:"value"`
			} `json:"settings"`
		} `json:"data"`
	} `json:"db"`
}

type ghostPost struct {
	ID          string  `json:"id"`
	UUID        string  `json:"uuid"`
	Title       string  `json:"title"`
	Slug        string  `json:"slug"`
	HTML        *string `json:"html"`
	Mobiledoc   *string `json:"mobiledoc"`
	Lexical     *string `json:"lexical"`
	Status      string  `json:"status"`
	Type        string  `json:"type"`
	Page        bool    `json:"page"` // Ghost before 3.0 marked pages this way
	PublishedAt *string `json:"published_at"`
	UpdatedAt   *string `json:"updated_at"`
}

// ParseGhost reads a Ghost export (Settings → Labs → Export): the posts and
// pages of db[0].data.posts become Items with id "ghost-<id>". Posts with
// only mobiledoc or lexical content (no rendered html) are skipped as
// unsupported. name locates errors.
func ParseGhost(ctx context.Context, name string, r io.Reader) ([]Item, []Skip, error) {
	raw, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	var ex ghostExport
	if err := json.Unmarshal(raw, &ex); err != nil {
		return nil, nil, jsonError(name, raw, err)
	}
	if len(ex.DB) == 0 {
		return nil, nil, fmt.Errorf("%s: not a Ghost export (no \"db\" array)", name)
	}
	data := ex.DB[0].Data
	site := ""
	for _, s := range data.Settings {
		if s.Key == "url" {
			_ = json.Unmarshal(s.Value, &site)
		}
	}
	var items []Item
	var skips []Skip
	for i, p := range data.Posts {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		origin := fmt.Sprintf("%s posts[%d] (id %s)", name, i, p.ID)
		it, reason := ghostToItem(p, site)
		it.Origin = origin
		if reason != "" {
			skips = append(skips, Skip{Origin: origin, Reason: reason})
			continue
		}
		items = append(items, it)
	}
	return items, skips, nil
}

func ghostToItem(p ghostPost, site string) (Item, string) {
	it := Item{Title: p.Title, Format: FormatHTML, Type: p.Type}
	if it.Type == "" {
		it.Type = "post"
		if p.Page {
			it.Type = "page"
		}
	}
	if p.ID == "" {
		return it, "no id; skipped"
	}
	it.ID = "ghost-" + p.ID
	switch p.Status {
	case "published":
		it.Status = StatusPublished
	case "draft", "scheduled", "sent":
		it.Status = StatusDraft
	default:
		return it, fmt.Sprintf("unknown status %q; treated as unpublished", p.Status)
	}
	if p.HTML == nil || strings.TrimSpace(*p.HTML) == "" {
		if p.Mobiledoc != nil || p.Lexical != nil {
			return it, "no rendered html (only mobiledoc or lexical content); unsupported, re-export from Ghost 2.0 or later"
		}
		return it, "no html body; skipped"
	}
	it.Body = *p.HTML
	if p.Slug != "" {
		it.URL = p.Slug
		if site != "" {
			it.URL = strings.TrimRight(site, "/") + "/" + p.Slug + "/"
		}
	}
	for _, s := range []*string{p.PublishedAt, p.UpdatedAt} {
		if s == nil {
			continue
		}
		if t, err := time.Parse(time.RFC3339Nano, *s); err == nil {
			it.Date = t.UTC()
			break
		}
	}
	return it, ""
}
