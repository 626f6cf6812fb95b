package history

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"continuity/backend/retrieval"
)

// ErrBadSince means a --since is neither a date nor a revision of the
// workspace's repository.
var ErrBadSince = errors.New("--since must be a date (YYYY-MM-DD) or a git revision")

// Change is one fact that changed: a sentence a document stopped
// publishing, with what took its place.
type Change struct {
	DocID string `json:"doc_id"`
	Path  string `json:"path"`
	Title string `json:"title"`
	Old   string `json:"old"`
	// New took Old's place in that change; "" when Old was removed.
	New string `json:"new"`
	// Current is what the document says in Old's place now, when New was
	// itself changed since; "" when it is New or nothing.
	Current     string        `json:"current,omitempty"`
	Kind        Kind          `json:"kind"`
	Values      []ValueChange `json:"values"`
	Date        time.Time     `json:"date"` // when Old stopped being published
	Commit      string        `json:"commit,omitempty"`
	Author      string        `json:"author,omitempty"`
	Message     string        `json:"message,omitempty"`
	Republished bool          `json:"republished,omitempty"` // Old is published again (reverted)
}

// ChangeSource is the index's record of superseded sentences.
type ChangeSource interface {
	Changes(ctx context.Context, contentDir string, f retrieval.ChangeFilter) ([]retrieval.Superseded, error)
}

// ChangeOf describes one superseded sentence as a change.
func ChangeOf(s retrieval.Superseded) Change {
	kind, vals := Describe(s.Text, s.Replacement)
	if vals == nil {
		vals = []ValueChange{}
	}
	c := Change{DocID: s.DocID, Path: s.Path, Title: s.Title, Old: s.Text, New: s.Replacement, Kind: kind, Values: vals,
		Date: s.Until, Commit: s.Commit, Author: s.Author, Message: s.Message, Republished: s.Republished}
	if s.Current != s.Replacement {
		c.Current = s.Current
	}
	return c
}

// ValidSince checks the form of a --since before anything is opened.
func ValidSince(s string) error {
	_, _, err := parseSince(s)
	return err
}

func parseSince(s string) (time.Time, string, error) {
	if s == "" {
		return time.Time{}, "", nil
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, time.Local); err == nil {
		return t, "", nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, "", nil
	}
	if strings.HasPrefix(s, "-") || len(s) > 256 || strings.IndexFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return time.Time{}, "", fmt.Errorf("%w, got %q", ErrBadSince, s)
	}
	return time.Time{}, s, nil
}

// Changes lists the facts of contentDir that changed since a date or a
// git revision ("" = all), oldest first. Since a revision means the
// commits after it up to HEAD, and the edits a sync saw after its date.
func Changes(ctx context.Context, ix ChangeSource, contentDir, since string) ([]Change, error) {
	date, rev, err := parseSince(since)
	if err != nil {
		return nil, err
	}
	f := retrieval.ChangeFilter{Since: date}
	if rev != "" {
		if f, err = revisionFilter(ctx, contentDir, rev); err != nil {
			return nil, err
		}
	}
	sups, err := ix.Changes(ctx, contentDir, f)
	if err != nil {
		return nil, err
	}
	out := make([]Change, 0, len(sups))
	for _, s := range sups {
		out = append(out, ChangeOf(s))
	}
	return out, nil
}

func revisionFilter(ctx context.Context, contentDir, rev string) (retrieval.ChangeFilter, error) {
	r, err := openRepo(ctx, contentDir)
	if err != nil {
		return retrieval.ChangeFilter{}, fmt.Errorf("--since %s: %w", rev, err)
	}
	out, err := runGit(ctx, r.root, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return retrieval.ChangeFilter{}, ctx.Err()
		}
		return retrieval.ChangeFilter{}, fmt.Errorf("%w: %q is not a commit of %s", ErrBadSince, rev, r.root)
	}
	sha := strings.TrimSpace(string(out))
	out, err = runGit(ctx, r.root, "show", "-s", "--format=%aI", sha)
	if err != nil {
		return retrieval.ChangeFilter{}, err
	}
	date, err := time.Parse(time.RFC3339, strings.TrimSpace(string(out)))
	if err != nil {
		return retrieval.ChangeFilter{}, fmt.Errorf("date of %s: %w", rev, err)
	}
	out, err = runGit(ctx, r.root, "rev-list", sha+"..HEAD")
	if err != nil {
		return retrieval.ChangeFilter{}, err
	}
	commits := map[string]bool{}
	for _, l := range strings.Fields(string(out)) {
		commits[l] = true
	}
	return retrieval.ChangeFilter{Since: date, Commits: commits}, nil
}
