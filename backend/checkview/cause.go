package checkview

import (
	"context"
	"fmt"

	"continuity/backend/check"
	"continuity/backend/retrieval"
)

// TriageCause is what a 👎 is filed as: Cause (the writer's choice or
// the suggestion), CauseSuggested and why it was suggested.
type TriageCause struct {
	Cause          string   `json:"cause"`
	CauseSuggested string   `json:"cause_suggested"`
	CauseWhy       string   `json:"cause_why"`
	Causes         []string `json:"causes"` // every cause, in the order to offer them
}

// passageIndex is what a suggestion reads of the workspace's index.
type passageIndex interface {
	Passage(ctx context.Context, contentDir, chunkID, quote string) (retrieval.PassageState, error)
	Documents(ctx context.Context) ([]retrieval.IndexedDoc, error)
}

// IndexOpener gives the workspace's index and the content folder its
// passages come from.
type IndexOpener func() (*retrieval.Index, string, error)

func causeNames() []string {
	out := make([]string, len(check.Causes))
	for i, c := range check.Causes {
		out[i] = string(c)
	}
	return out
}

func causeOf(f check.Feedback) TriageCause {
	return TriageCause{Cause: string(f.Cause), CauseSuggested: string(f.CauseSuggested), CauseWhy: f.CauseWhy, Causes: causeNames()}
}

// CauseOf returns the cause of the 👎 on a claim, suggesting one from the
// check's data first when none was (is the cited passage still indexed
// and in its file, was the document the note names retrieved).
// open is called only for a suggestion: a cause already filed reads no index.
func CauseOf(ctx context.Context, repo *check.Repo, checkID int64, claimIndex int, open IndexOpener) (TriageCause, error) {
	rec, err := repo.Get(ctx, checkID)
	if err != nil {
		return TriageCause{}, err
	}
	f, ok := rec.Feedback[claimIndex]
	if !ok || f.Vote != check.VoteDown {
		return TriageCause{}, fmt.Errorf("%w: no 👎 on check %d claim %d", check.ErrInvalid, checkID, claimIndex)
	}
	if f.CauseSuggested != "" {
		return causeOf(f), nil
	}
	ix, contentDir, err := open()
	if err != nil {
		return TriageCause{}, err
	}
	return SuggestCause(ctx, repo, checkID, claimIndex, ix, contentDir)
}

// SuggestCause suggests and saves the cause of the 👎 on a claim.
func SuggestCause(ctx context.Context, repo *check.Repo, checkID int64, claimIndex int, ix passageIndex, contentDir string) (TriageCause, error) {
	if _, err := repo.SuggestAndSaveCause(ctx, checkID, claimIndex, ix, contentDir); err != nil {
		return TriageCause{}, err
	}
	rec, err := repo.Get(ctx, checkID)
	if err != nil {
		return TriageCause{}, err
	}
	return causeOf(rec.Feedback[claimIndex]), nil
}

// ExportOf renders a stored check as "md" or "html" (self-contained).
func ExportOf(rec check.Record, format string) (Export, error) {
	text, err := check.Export(rec, format)
	if err != nil {
		return Export{}, err
	}
	return Export{Format: format, Filename: fmt.Sprintf("draft-check-%d.%s", rec.ID, format), Text: text}, nil
}
