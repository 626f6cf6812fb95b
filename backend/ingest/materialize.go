package ingest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"continuity/backend/draftfile"
)

// ErrEmptyBody marks an item with no visible text: it cannot be a document.
var ErrEmptyBody = errors.New("no visible text")

// frontMatter is what the corpus loader reads (id, title, url, published,
// type, status) plus where the document came from.
type frontMatter struct {
	ID        string `yaml:"id"`
	Title     string `yaml:"title,omitempty"`
	URL       string `yaml:"url,omitempty"`
	Published string `yaml:"published,omitempty"`
	Date      string `yaml:"date,omitempty"`
	Type      string `yaml:"type,omitempty"`
	Status    string `yaml:"status"`
	Source    string `yaml:"source"`
}

// Materialize writes items as <dir>/<safe id>.md with front matter and
// makes dir hold exactly the published ones: files of other items are
// deleted, byte-identical files are left alone (so the index sync skips
// them), and each write is atomic. Unpublished items, duplicate IDs and
// bodies without text are reported in Skipped, never written.
func Materialize(ctx context.Context, dir string, items []Item) (Report, error) {
	var rep Report
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return rep, fmt.Errorf("source folder %s: %w", dir, err)
	}
	source := filepath.Base(dir)
	keep := map[string]bool{}
	byID := map[string]string{}
	for _, it := range items {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		name, reason := admit(it, byID, keep)
		if reason != "" {
			rep.Skipped = append(rep.Skipped, Skip{Origin: it.Origin, Reason: reason})
			continue
		}
		raw, err := render(ctx, it, source)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return rep, err
			}
			rep.Skipped = append(rep.Skipped, Skip{Origin: it.Origin, Reason: err.Error()})
			continue
		}
		keep[strings.ToLower(name)] = true
		wrote, err := writeIfChanged(filepath.Join(dir, name), raw)
		if err != nil {
			return rep, err
		}
		if wrote {
			rep.Written++
		} else {
			rep.Unchanged++
		}
	}
	removed, err := prune(dir, keep)
	rep.Removed = removed
	return rep, err
}

// admit returns the file name an item is written to, or why it is not.
func admit(it Item, byID map[string]string, keep map[string]bool) (string, string) {
	if strings.TrimSpace(it.ID) == "" {
		return "", "no id; skipped"
	}
	if prev, dup := byID[it.ID]; dup {
		return "", fmt.Sprintf("duplicate id %q (also %s); skipped", it.ID, prev)
	}
	byID[it.ID] = it.Origin
	if !it.Published() {
		return "", fmt.Sprintf("status %s; not published", it.Status)
	}
	stem := safeName(it.ID)
	if stem == "" || strings.Trim(stem, "-") == "" {
		return "", fmt.Sprintf("id %q has no usable characters for a file name; skipped", it.ID)
	}
	name := stem + ".md"
	if keep[strings.ToLower(name)] {
		return "", fmt.Sprintf("id %q maps to the same file as another item (%s); skipped", it.ID, name)
	}
	return name, ""
}

func render(ctx context.Context, it Item, source string) ([]byte, error) {
	body := it.Body
	if it.Format == FormatHTML {
		md, err := draftfile.ConvertHTML(ctx, body)
		if err != nil {
			return nil, fmt.Errorf("body: %w", err)
		}
		body = md
	}
	body = strings.TrimSpace(strings.ReplaceAll(body, "\r\n", "\n"))
	if body == "" {
		return nil, fmt.Errorf("%w in the body; skipped", ErrEmptyBody)
	}
	fm := frontMatter{ID: it.ID, Title: strings.TrimSpace(it.Title), URL: it.URL, Type: it.Type, Status: it.Status, Source: source}
	if !it.Date.IsZero() {
		fm.Published = it.Date.UTC().Format("2006-01-02")
		fm.Date = it.Date.UTC().Format(time.RFC3339)
	}
	y, err := yaml.Marshal(fm)
	if err != nil {
		return nil, fmt.Errorf("front matter: %w", err)
	}
	var b bytes.Buffer
	b.WriteString("---\n")
	b.Write(y)
	b.WriteString("---\n\n")
	b.WriteString(body)
	b.WriteString("\n")
	return b.Bytes(), nil
}

// prune deletes the .md files in dir that no current item owns.
func prune(dir string, keep map[string]bool) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("source folder %s: %w", dir, err)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	n := 0
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") || keep[strings.ToLower(e.Name())] {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
			return n, fmt.Errorf("remove %s: %w", e.Name(), err)
		}
		n++
	}
	return n, nil
}

// writeIfChanged writes raw to p atomically unless p already holds exactly
// raw, so the index sync can skip it; it reports whether it wrote.
func writeIfChanged(p string, raw []byte) (bool, error) {
	if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, raw) {
		return false, nil
	}
	if err := writeAtomic(p, raw); err != nil {
		return false, err
	}
	return true, nil
}

// writeAtomic writes through a temp file in the same folder and renames
// it, so the index never reads a half-written document.
func writeAtomic(p string, raw []byte) error {
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	tmp := f.Name()
	_, werr := f.Write(raw)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %w", p, errors.Join(werr, cerr))
	}
	if err := os.Rename(tmp, p); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %w", p, err)
	}
	return nil
}
