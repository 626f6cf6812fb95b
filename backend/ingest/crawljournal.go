package ingest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"continuity/backend/crawl"
)

// CrawlReport says how a sitemap source's crawl went. Note is the cap
// sentence ("stopped at the 5,000-page cap; 400 URLs not fetched"), empty
// when the cap was not hit.
type CrawlReport struct {
	MaxPages        int    `json:"max_pages"`
	Capped          bool   `json:"capped"`
	NotFetched      int    `json:"not_fetched"`
	SitemapsNotRead int    `json:"sitemaps_not_read"`
	Fetched         int    `json:"fetched"`
	NotModified     int    `json:"not_modified"`
	Resumed         int    `json:"resumed"`
	Note            string `json:"note,omitempty"`

	streamed int // files written as pages arrived, before Materialize
}

func newCrawlReport(res crawl.Result) *CrawlReport {
	return &CrawlReport{MaxPages: res.MaxPages, Capped: res.Capped, NotFetched: res.NotFetched,
		SitemapsNotRead: res.SitemapsNotRead, Fetched: res.Fetched, NotModified: res.NotModified,
		Resumed: res.Resumed, Note: res.CapNote()}
}

// Lines are the report's sentences for a text report; the cap is always
// said, hit or not.
func (r *CrawlReport) Lines() []string {
	if r == nil {
		return nil
	}
	out := []string{fmt.Sprintf("crawl: %d pages fetched, %d not modified; page cap %d", r.Fetched, r.NotModified, r.MaxPages)}
	if r.Resumed > 0 {
		out = append(out, fmt.Sprintf("resumed: %d pages already fetched", r.Resumed))
	}
	if r.Note != "" {
		out = append(out, r.Note)
	}
	return out
}

// crawlDir is where a workspace keeps its sources' crawl state.
func crawlDir(root string) string { return filepath.Join(root, ".continuity", "crawl") }

// journalLine is one line of a crawl journal: a header naming the sitemap
// and the URLs still to visit, or one URL the crawl is done with.
type journalLine struct {
	Sitemap string   `json:"sitemap,omitempty"`
	Pending []string `json:"pending,omitempty"`
	URL     string   `json:"url,omitempty"`
	crawl.Done
}

// loadJournal reads what an interrupted crawl of sitemapURL finished. A
// journal of another sitemap is ignored, and reading stops at a torn line
// (the process was killed while writing it).
func loadJournal(path, sitemapURL string) (map[string]crawl.Done, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("crawl journal: %w", err)
	}
	defer f.Close()
	done := map[string]crawl.Done{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 64<<20)
	for sc.Scan() {
		var l journalLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			break
		}
		if l.Sitemap != "" && l.Sitemap != sitemapURL {
			return nil, nil
		}
		if l.URL != "" {
			done[l.URL] = l.Done
		}
	}
	if err := sc.Err(); err != nil && !errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("crawl journal %s: %w", path, err)
	}
	return done, nil
}

// crawlRun is the crawl.Recorder of a sitemap source: each page is
// written to the source folder as it arrives, then journalled, so a
// journalled URL always has its file.
type crawlRun struct {
	dir, journal, sitemap string
	resumed               map[string]crawl.Done
	f                     *os.File
	streamed              int
}

func (r *crawlRun) Planned(_ context.Context, urls []string) error {
	if err := os.MkdirAll(filepath.Dir(r.journal), 0o755); err != nil {
		return fmt.Errorf("crawl journal: %w", err)
	}
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return fmt.Errorf("source folder: %w", err)
	}
	flag := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if len(r.resumed) > 0 {
		flag = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(r.journal, flag, 0o644)
	if err != nil {
		return fmt.Errorf("crawl journal: %w", err)
	}
	r.f = f
	pending := make([]string, 0, len(urls))
	for _, u := range urls {
		if _, ok := r.resumed[u]; !ok {
			pending = append(pending, u)
		}
	}
	return r.append(journalLine{Sitemap: r.sitemap, Pending: pending})
}

func (r *crawlRun) Kept(ctx context.Context, p crawl.Page, st crawl.PageState) error {
	it := pageItem(p)
	if raw, err := render(ctx, it, filepath.Base(r.dir)); err == nil {
		// a page that does not render is reported by Materialize
		wrote, err := writeIfChanged(filepath.Join(r.dir, safeName(it.ID)+".md"), raw)
		if err != nil {
			return err
		}
		if wrote {
			r.streamed++
		}
	} else if ctx.Err() != nil {
		return ctx.Err()
	}
	return r.append(journalLine{URL: p.URL, Done: crawl.Done{State: &st}})
}

func (r *crawlRun) Skipped(_ context.Context, s crawl.Skip) error {
	return r.append(journalLine{URL: s.URL, Done: crawl.Done{Skip: s.Reason}})
}

func (r *crawlRun) append(l journalLine) error {
	if r.f == nil {
		return errors.New("crawl journal: not open")
	}
	raw, err := json.Marshal(l)
	if err != nil {
		return fmt.Errorf("crawl journal: %w", err)
	}
	if _, err := r.f.Write(append(raw, '\n')); err != nil {
		return fmt.Errorf("crawl journal: %w", err)
	}
	return nil
}

func (r *crawlRun) close() {
	if r.f != nil {
		_ = r.f.Close()
		r.f = nil
	}
}
