package check

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"continuity/backend/retrieval"
)

// Cause is what a 👎 verdict is filed as: it says who fixes it.
type Cause string

// The causes a disputed verdict can have.
const (
	CauseBadGrounding  Cause = "bad_grounding"  // the source page is muddy: fix the page
	CauseStaleIndex    Cause = "stale_index"    // the index no longer matches the files: re-index
	CauseRetrievalMiss Cause = "retrieval_miss" // the right page was not retrieved: tune ranking
	CauseWrongVerdict  Cause = "wrong_verdict"  // the evidence was right, the engine was not
)

// Causes lists every cause, in the order a UI offers them.
var Causes = []Cause{CauseBadGrounding, CauseStaleIndex, CauseRetrievalMiss, CauseWrongVerdict}

// ValidCause says whether c is one of Causes.
func ValidCause(c Cause) bool { return slices.Contains(Causes, c) }

// CauseSuggestion is the cause suggested from the check's own data, and why.
type CauseSuggestion struct {
	Cause Cause
	Why   string
}

// passageIndex is what a suggestion asks of the index.
type passageIndex interface {
	Passage(ctx context.Context, contentDir, chunkID, quote string) (retrieval.PassageState, error)
	Documents(ctx context.Context) ([]retrieval.IndexedDoc, error)
}

// valuePattern finds numbers: two different ones in one cited passage are
// the cheap sign of a passage that states more than one thing.
var valuePattern = regexp.MustCompile(`\d+(?:[.,]\d+)*`)

// SuggestCause files a disputed claim under the likeliest cause, checking
// the cheapest-to-fix first: a cited passage no longer indexed or no longer
// in its file (stale index); a document the note names that was not among
// the evidence (retrieval miss); a cited passage stating several values
// (bad grounding); otherwise the engine.
func SuggestCause(ctx context.Context, c Claim, note string, ix passageIndex, contentDir string) (CauseSuggestion, error) {
	for _, e := range c.Evidence {
		st, err := ix.Passage(ctx, contentDir, e.ChunkID, e.Quote)
		if err != nil {
			return CauseSuggestion{}, err
		}
		switch {
		case !st.ChunkIndexed:
			return CauseSuggestion{CauseStaleIndex, fmt.Sprintf("the cited passage %s is no longer in the index", e.ChunkID)}, nil
		case !st.QuoteIndexed:
			return CauseSuggestion{CauseStaleIndex, fmt.Sprintf("the cited passage %s has changed in the index since the check", e.ChunkID)}, nil
		case !st.DocPublished:
			return CauseSuggestion{CauseStaleIndex, fmt.Sprintf("%s is indexed but no longer published in the workspace", e.DocID)}, nil
		case !st.QuoteInFile:
			return CauseSuggestion{CauseStaleIndex, fmt.Sprintf("the cited text is no longer in %s's file; the index is behind it", e.DocID)}, nil
		}
	}
	if doc, ok, err := missedDocument(ctx, c, note, ix); err != nil {
		return CauseSuggestion{}, err
	} else if ok {
		return CauseSuggestion{CauseRetrievalMiss, fmt.Sprintf("the note names %s, which was not among the passages retrieved", doc)}, nil
	}
	for _, e := range c.Evidence {
		if vals := distinctValues(e.Quote); len(vals) >= 2 {
			return CauseSuggestion{CauseBadGrounding, fmt.Sprintf("the cited passage of %s states %d different values (%s)", e.DocID, len(vals), strings.Join(vals, ", "))}, nil
		}
	}
	if len(c.Evidence) == 0 {
		return CauseSuggestion{CauseWrongVerdict, "no passage was cited and the note names no document that was missed"}, nil
	}
	return CauseSuggestion{CauseWrongVerdict, "the cited passages are still indexed and unambiguous, so the verdict itself is suspect"}, nil
}

// missedDocument finds an indexed document the note names (by ID or path,
// as a whole word) that no evidence came from.
func missedDocument(ctx context.Context, c Claim, note string, ix passageIndex) (string, bool, error) {
	if strings.TrimSpace(note) == "" {
		return "", false, nil
	}
	docs, err := ix.Documents(ctx)
	if err != nil {
		return "", false, err
	}
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(note), func(r rune) bool {
		return r == ' ' || r == '\n' || r == '\t' || r == ',' || r == ';' || r == '(' || r == ')' || r == '"' || r == '\'' || r == '`'
	}) {
		words[strings.TrimRight(w, ".:!?")] = true
	}
	cited := map[string]bool{}
	for _, e := range c.Evidence {
		cited[e.DocID] = true
	}
	for _, d := range docs {
		if cited[d.ID] || slices.Contains(c.Searched.Documents, d.Title) {
			continue
		}
		if words[strings.ToLower(d.ID)] || words[strings.ToLower(d.Path)] {
			return d.ID, true, nil
		}
	}
	return "", false, nil
}

func distinctValues(s string) []string {
	var out []string
	for _, v := range valuePattern.FindAllString(s, -1) {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// SuggestAndSaveCause suggests the cause of the 👎 on claim claimIndex of
// check id and stores it; the cause itself takes the suggestion only while
// the writer has not chosen one.
func (r *Repo) SuggestAndSaveCause(ctx context.Context, id int64, claimIndex int, ix passageIndex, contentDir string) (CauseSuggestion, error) {
	rec, err := r.Get(ctx, id)
	if err != nil {
		return CauseSuggestion{}, err
	}
	f, ok := rec.Feedback[claimIndex]
	if !ok || f.Vote != VoteDown || claimIndex >= len(rec.Report.Claims) {
		return CauseSuggestion{}, fmt.Errorf("%w: no 👎 on check %d claim %d", ErrInvalid, id, claimIndex)
	}
	s, err := SuggestCause(ctx, rec.Report.Claims[claimIndex], f.Note, ix, contentDir)
	if err != nil {
		return CauseSuggestion{}, fmt.Errorf("suggest a cause: %w", err)
	}
	_, err = r.db.Writer().ExecContext(ctx, `UPDATE check_feedback SET cause_suggested = ?, cause_why = ?,
		cause = CASE WHEN cause = '' THEN ? ELSE cause END
		WHERE check_id = ? AND claim_index = ? AND workspace_id = ?`, string(s.Cause), s.Why, string(s.Cause), id, claimIndex, r.workspace)
	if err != nil {
		return CauseSuggestion{}, fmt.Errorf("save suggested cause: %w", err)
	}
	return s, nil
}

// SetCause files the 👎 on claim claimIndex of check id under cause, the
// writer's choice over any suggestion.
func (r *Repo) SetCause(ctx context.Context, id int64, claimIndex int, cause Cause) error {
	if !ValidCause(cause) {
		return fmt.Errorf("%w: cause must be one of %v, got %q", ErrInvalid, Causes, cause)
	}
	res, err := r.db.Writer().ExecContext(ctx, `UPDATE check_feedback SET cause = ?, updated_at = ?
		WHERE check_id = ? AND claim_index = ? AND workspace_id = ? AND vote = 'down'`,
		string(cause), time.Now().UTC().Format(stamp), id, claimIndex, r.workspace)
	if err != nil {
		return fmt.Errorf("save cause: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: no 👎 on check %d claim %d", ErrInvalid, id, claimIndex)
	}
	return nil
}
