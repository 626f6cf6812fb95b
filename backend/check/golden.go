package check

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"continuity/backend/golden"
)

// ErrAlreadyAdded means a triage item already became a golden row.
var ErrAlreadyAdded = errors.New("triage item already added to a golden set")

// TriageSet is the golden set triage items go to when no set is named; it
// is created on first use.
const TriageSet = "triage"

// MaxQuestion bounds a golden question written from a triage item.
const MaxQuestion = 2000

// GoldenRowFromTriage builds the golden row a 👎 item becomes: a tricky
// question whose approved answer the expert fills in later, pointing at the
// documents the disputed evidence came from.
func GoldenRowFromTriage(f Feedback, question string) golden.Row {
	docs := []string{}
	seen := map[string]bool{}
	for _, c := range f.ChunkIDs {
		doc, _, _ := strings.Cut(c, "#")
		if doc = strings.TrimSpace(doc); doc != "" && !seen[doc] {
			seen[doc] = true
			docs = append(docs, doc)
		}
	}
	verdict := strings.TrimSpace(strings.TrimLeft(verdictWord(f.Verdict), "✓✗?"))
	return golden.Row{
		Question:        strings.TrimSpace(question),
		Category:        golden.Tricky,
		ReferenceDocIDs: docs,
		Notes:           fmt.Sprintf("From a 👎 check verdict: %s — %s", verdict, f.ClaimText),
		Tags:            []string{"triage"},
	}
}

func validQuestion(q string) error {
	q = strings.TrimSpace(q)
	switch {
	case q == "":
		return fmt.Errorf("%w: the question is empty", ErrInvalid)
	case !utf8.ValidString(q):
		return fmt.Errorf("%w: the question is not valid text", ErrInvalid)
	case utf8.RuneCountInString(q) > MaxQuestion:
		return fmt.Errorf("%w: the question is longer than %d characters", ErrInvalid, MaxQuestion)
	}
	for _, r := range q {
		if unicode.IsControl(r) && r != '\n' && r != '\t' {
			return fmt.Errorf("%w: the question contains a control character", ErrInvalid)
		}
	}
	return nil
}

// AddToGolden turns the 👎 item for claim claimIndex of check checkID into a
// row of golden set set ("" means TriageSet, created when missing) and marks
// the item with the row's ID. The row and the mark commit together, and an
// item is added at most once.
func (r *Repo) AddToGolden(ctx context.Context, g *golden.Repo, set string, checkID int64, claimIndex int, question, by string) (string, golden.Row, error) {
	if set == "" {
		set = TriageSet
	}
	if err := golden.ValidateName(set); err != nil {
		return "", golden.Row{}, err
	}
	if checkID <= 0 || claimIndex < 0 {
		return "", golden.Row{}, fmt.Errorf("%w: no triage item for check %d claim %d", ErrInvalid, checkID, claimIndex)
	}
	if err := validQuestion(question); err != nil {
		return "", golden.Row{}, err
	}
	if g.Workspace() != r.workspace {
		return "", golden.Row{}, fmt.Errorf("%w: the golden sets and the triage item are of different workspaces", ErrInvalid)
	}
	items, err := r.feedback(ctx, `AND check_id = ? AND claim_index = ?`, checkID, claimIndex)
	if err != nil {
		return "", golden.Row{}, err
	}
	if len(items) == 0 || items[0].Vote != VoteDown {
		return "", golden.Row{}, fmt.Errorf("%w: claim %d of check %d is not marked 👎", ErrNotFound, claimIndex, checkID)
	}
	f := items[0]
	if f.GoldenRowID != "" {
		return "", golden.Row{}, fmt.Errorf("%w: it is %s in set %q", ErrAlreadyAdded, f.GoldenRowID, f.GoldenSet)
	}
	if set == TriageSet {
		if _, err := g.Create(ctx, set, "Questions from verdicts writers marked wrong in the claim check.", by); err != nil && !errors.Is(err, golden.ErrExists) {
			return "", golden.Row{}, err
		}
	}
	row, err := g.AddRowLinked(ctx, set, GoldenRowFromTriage(f, question), by, func(tx *sql.Tx, added golden.Row) error {
		res, err := tx.ExecContext(ctx, `UPDATE check_feedback SET golden_set = ?, golden_row_id = ?
			WHERE check_id = ? AND claim_index = ? AND workspace_id = ? AND vote = 'down' AND golden_row_id = ''`, set, added.ID, checkID, claimIndex, r.workspace)
		if err != nil {
			return fmt.Errorf("mark triage item: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return fmt.Errorf("%w (or no longer marked 👎): claim %d of check %d", ErrAlreadyAdded, claimIndex, checkID)
		}
		return nil
	})
	if err != nil {
		return "", golden.Row{}, err
	}
	return set, row, nil
}
