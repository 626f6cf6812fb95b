package ingest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Errors callers branch on.
var (
	ErrUnknownSource = errors.New("no such source")
	ErrSourceExists  = errors.New("a source of that name exists")
	ErrBadSource     = errors.New("invalid source")
)

// MaxExportBytes bounds an export file read into memory.
const MaxExportBytes = 512 << 20

// SourcesDir is the folder of the content folder that holds materialized
// sources.
const SourcesDir = "_sources"

var nameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,59}$`)

// Sources manages one workspace's sources.
type Sources struct {
	Root       string // workspace root: the registry lives under it
	ContentDir string // the folder the index syncs
	Crawler    SiteCrawler
	Now        func() time.Time
}

// Dir is where a source's documents are written.
func (s *Sources) Dir(name string) string { return filepath.Join(s.ContentDir, SourcesDir, name) }

// List returns the registered sources in the order they were added.
func (s *Sources) List(ctx context.Context) ([]Source, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return loadRegistry(s.Root)
}

// Add registers a source without syncing it. An empty name is derived from
// the location.
func (s *Sources) Add(ctx context.Context, kind, location, name string) (Source, error) {
	if err := ctx.Err(); err != nil {
		return Source{}, err
	}
	loc, err := checkLocation(kind, location)
	if err != nil {
		return Source{}, err
	}
	if name == "" {
		name = deriveName(kind, loc)
	}
	if !nameRe.MatchString(name) {
		return Source{}, fmt.Errorf("%w: name %q: use 1-60 lower-case letters, digits, '-' or '_'", ErrBadSource, name)
	}
	srcs, err := loadRegistry(s.Root)
	if err != nil {
		return Source{}, err
	}
	for _, x := range srcs {
		if x.Name == name {
			return Source{}, fmt.Errorf("%w: %s", ErrSourceExists, name)
		}
	}
	src := Source{Name: name, Kind: kind, Location: loc, Skipped: []Skip{}}
	if err := saveRegistry(s.Root, append(srcs, src)); err != nil {
		return Source{}, err
	}
	return src, nil
}

// Remove unregisters a source and deletes its documents; the next index
// sync removes them from the index.
func (s *Sources) Remove(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	srcs, err := loadRegistry(s.Root)
	if err != nil {
		return err
	}
	i := indexOf(srcs, name)
	if i < 0 {
		return fmt.Errorf("%w: %s", ErrUnknownSource, name)
	}
	if err := os.RemoveAll(s.Dir(name)); err != nil {
		return fmt.Errorf("remove source %s: %w", name, err)
	}
	if err := s.removeCrawlState(name); err != nil {
		return fmt.Errorf("remove source %s: %w", name, err)
	}
	return saveRegistry(s.Root, append(srcs[:i], srcs[i+1:]...))
}

// Sync re-reads one source and rewrites its folder authoritatively; the
// caller then syncs the index. A failed read keeps the previous documents
// and records the error on the source.
func (s *Sources) Sync(ctx context.Context, name string) (Source, Report, error) {
	srcs, err := loadRegistry(s.Root)
	if err != nil {
		return Source{}, Report{}, err
	}
	i := indexOf(srcs, name)
	if i < 0 {
		return Source{}, Report{}, fmt.Errorf("%w: %s", ErrUnknownSource, name)
	}
	src := srcs[i]
	rep, err := s.materialize(ctx, src)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return src, rep, err
	}
	src.LastSync = s.now()
	if err != nil {
		src.LastError = err.Error()
	} else {
		src.LastError = ""
		src.Skipped = append([]Skip{}, rep.Skipped...)
		src.Counts = Counts{Documents: rep.Written + rep.Unchanged, Written: rep.Written, Unchanged: rep.Unchanged,
			Removed: rep.Removed, Skipped: len(rep.Skipped)}
	}
	srcs[i] = src
	if serr := saveRegistry(s.Root, srcs); serr != nil && err == nil {
		err = serr
	}
	return src, rep, err
}

func (s *Sources) materialize(ctx context.Context, src Source) (Report, error) {
	dir := s.Dir(src.Name)
	var crawled *CrawlReport
	if src.Kind == KindSitemap {
		// a crawl writes pages as they arrive: the folder is ready first
		if err := s.prepareDir(src, dir); err != nil {
			return Report{}, err
		}
	}
	items, skips, after, err := s.read(ctx, src, dir, &crawled)
	if err != nil {
		return Report{Crawl: crawled}, err
	}
	if err := s.prepareDir(src, dir); err != nil {
		return Report{Crawl: crawled}, err
	}
	rep, err := Materialize(ctx, dir, items)
	rep.Skipped = append(skips, rep.Skipped...)
	if rep.Crawl = crawled; crawled != nil {
		// pages written as they arrived are written, not unchanged
		n := min(crawled.streamed, rep.Unchanged)
		rep.Written, rep.Unchanged = rep.Written+n, rep.Unchanged-n
	}
	if err == nil && after != nil {
		err = after()
	}
	return rep, err
}

func (s *Sources) read(ctx context.Context, src Source, dir string, crawled **CrawlReport) ([]Item, []Skip, func() error, error) {
	switch src.Kind {
	case KindFolder:
		items, skips, err := ReadMarkdownFolder(ctx, src.Location)
		return items, skips, nil, err
	case KindHTMLFolder:
		items, skips, err := ReadHTMLFolder(ctx, src.Location)
		return items, skips, nil, err
	case KindSitemap:
		return s.crawlSitemap(ctx, src, dir, crawled)
	}
	parse := map[string]func(context.Context, string, *os.File) ([]Item, []Skip, error){
		KindWXR:     func(c context.Context, n string, f *os.File) ([]Item, []Skip, error) { return ParseWXR(c, n, f) },
		KindGhost:   func(c context.Context, n string, f *os.File) ([]Item, []Skip, error) { return ParseGhost(c, n, f) },
		KindZendesk: func(c context.Context, n string, f *os.File) ([]Item, []Skip, error) { return ParseZendesk(c, n, f) },
	}[src.Kind]
	if parse == nil {
		return nil, nil, nil, fmt.Errorf("%w: kind %q", ErrBadSource, src.Kind)
	}
	f, err := os.Open(src.Location)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("source %s: %w", src.Name, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > MaxExportBytes {
		return nil, nil, nil, fmt.Errorf("%s: %d bytes, over the %d limit", src.Location, st.Size(), int64(MaxExportBytes))
	}
	items, skips, err := parse(ctx, filepath.Base(src.Location), f)
	return items, skips, nil, err
}

// prepareDir keeps generated files out of version control and leaves a
// manifest saying where the folder's documents came from.
func (s *Sources) prepareDir(src Source, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("source folder: %w", err)
	}
	ignore := filepath.Join(filepath.Dir(dir), ".gitignore")
	if _, err := os.Stat(ignore); errors.Is(err, os.ErrNotExist) {
		if err := writeAtomic(ignore, []byte("# generated by Continuity from registered sources\n*\n")); err != nil {
			return err
		}
	}
	return writeManifest(dir, src)
}

func (s *Sources) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func indexOf(srcs []Source, name string) int {
	for i, x := range srcs {
		if x.Name == name {
			return i
		}
	}
	return -1
}

func checkLocation(kind, location string) (string, error) {
	location = strings.TrimSpace(location)
	if location == "" {
		return "", fmt.Errorf("%w: no location", ErrBadSource)
	}
	switch kind {
	case KindSitemap:
		u, err := url.Parse(location)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return "", fmt.Errorf("%w: %q is not an http(s) sitemap URL", ErrBadSource, location)
		}
		return location, nil
	case KindWXR, KindGhost, KindZendesk, KindFolder, KindHTMLFolder:
	default:
		return "", fmt.Errorf("%w: kind %q (one of %s)", ErrBadSource, kind, strings.Join(Kinds(), ", "))
	}
	abs, err := filepath.Abs(location)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadSource, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadSource, err)
	}
	wantDir := kind == KindFolder || kind == KindHTMLFolder
	if st.IsDir() != wantDir {
		what := "a file"
		if wantDir {
			what = "a folder"
		}
		return "", fmt.Errorf("%w: a %s source is %s; %s is not", ErrBadSource, kind, what, abs)
	}
	return abs, nil
}

var nonName = regexp.MustCompile(`[^a-z0-9_-]+`)

func deriveName(kind, loc string) string {
	base := filepath.Base(loc)
	if kind == KindSitemap {
		if u, err := url.Parse(loc); err == nil {
			base = u.Hostname()
		}
	} else {
		base = strings.TrimSuffix(base, filepath.Ext(base))
	}
	n := strings.Trim(nonName.ReplaceAllString(strings.ToLower(base), "-"), "-_")
	if len(n) > 60 {
		n = n[:60]
	}
	if n == "" {
		n = kind
	}
	return n
}
