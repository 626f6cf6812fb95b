package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"continuity/backend/retrieval"
)

// ErrBadSince means --since is neither a date nor a usable git revision.
var ErrBadSince = errors.New("--since must be a date (YYYY-MM-DD) or a git revision")

// since is a parsed --since: a date, or a git revision.
type since struct {
	date time.Time
	rev  string
}

// parseSince reads a date (YYYY-MM-DD or RFC 3339) or a revision. A
// revision may not start with "-" (it would be read as a git option) nor
// hold whitespace or control characters.
func parseSince(s string) (since, error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return since{date: t}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return since{date: t}, nil
	}
	if s == "" || strings.HasPrefix(s, "-") || len(s) > 256 {
		return since{}, fmt.Errorf("%w, got %q", ErrBadSince, s)
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f {
			return since{}, fmt.Errorf("%w, got %q", ErrBadSince, s)
		}
	}
	return since{rev: s}, nil
}

// changedSince keeps the documents changed since s: by date, those whose
// date (front matter, else file time) is at or after it; by revision, those
// git reports changed or untracked in the content folder.
func changedSince(ctx context.Context, contentDir string, docs []retrieval.IndexedDoc, s since) ([]retrieval.IndexedDoc, error) {
	if s.rev != "" {
		return changedInGit(ctx, contentDir, docs, s.rev)
	}
	var out []retrieval.IndexedDoc
	for _, d := range docs {
		if t, _ := dateOf(contentDir, d); !t.IsZero() && !t.Before(s.date) {
			out = append(out, d)
		}
	}
	return out, nil
}

func changedInGit(ctx context.Context, contentDir string, docs []retrieval.IndexedDoc, rev string) ([]retrieval.IndexedDoc, error) {
	if contentDir == "" {
		return nil, fmt.Errorf("--since %s: the workspace has no content folder", rev)
	}
	diff, err := git(ctx, contentDir, "diff", "--name-only", "--relative", rev, "--")
	if err != nil {
		return nil, fmt.Errorf("--since %s: %w", rev, err)
	}
	untracked, err := git(ctx, contentDir, "ls-files", "--others", "--exclude-standard")
	if err != nil {
		return nil, fmt.Errorf("--since %s: %w", rev, err)
	}
	changed := map[string]bool{}
	for _, line := range strings.Split(diff+"\n"+untracked, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			changed[filepath.ToSlash(line)] = true
		}
	}
	var out []retrieval.IndexedDoc
	for _, d := range docs {
		if changed[d.Path] {
			out = append(out, d)
		}
	}
	return out, nil
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("%w: git %s: %s", ErrBadSince, args[0], firstLine(msg))
	}
	return string(out), nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// frontMatterDate reads the date at the start of a published field.
func frontMatterDate(published string) (time.Time, bool) {
	if len(published) < len(time.DateOnly) {
		return time.Time{}, false
	}
	t, err := time.Parse(time.DateOnly, published[:len(time.DateOnly)])
	return t, err == nil
}

func fileTime(contentDir, path string) (time.Time, bool) {
	if contentDir == "" || path == "" {
		return time.Time{}, false
	}
	st, err := os.Stat(filepath.Join(contentDir, filepath.FromSlash(path)))
	if err != nil {
		return time.Time{}, false
	}
	return st.ModTime().UTC(), true
}

// dateOf is a document's date and where it came from.
func dateOf(contentDir string, d retrieval.IndexedDoc) (time.Time, string) {
	if t, ok := frontMatterDate(d.Published); ok {
		return t, DateFrontMatter
	}
	if t, ok := fileTime(contentDir, d.Path); ok {
		return t, DateFileTime
	}
	return time.Time{}, ""
}

// ValidSince checks a --since value before anything is opened, so a face
// can report a usage error.
func ValidSince(s string) error {
	_, err := parseSince(s)
	return err
}
