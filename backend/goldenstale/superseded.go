package goldenstale

import (
	"context"
	"fmt"
	"strings"
	"time"

	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/history"
	"continuity/backend/retrieval"
)

// SupersededSearcher finds what the corpus used to say (the index's
// superseded sentences). It embeds a query only with the offline sentence
// model, never through an LLM endpoint.
type SupersededSearcher interface {
	SearchSuperseded(ctx context.Context, query string, k int) ([]retrieval.SupersededHit, error)
}

// supersededCandidates is how many old sentences each text is compared with.
const supersededCandidates = 5

// superseded lists the rows whose approved answer or supporting line
// states what a page said before a change, naming the change; an approved
// answer that does is also returned as a contradiction of it.
func (f Finder) superseded(ctx context.Context, rows []golden.Row, rowNums []int) ([]golden.Issue, []eval.ApprovedContradiction, error) {
	var (
		out   []golden.Issue
		moved []eval.ApprovedContradiction
	)
	for i, r := range rows {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		n := i + 1
		if i < len(rowNums) {
			n = rowNums[i]
		}
		fields := []struct {
			field golden.Field
			text  string
			what  string
		}{{golden.FieldApprovedAnswer, r.ApprovedAnswer, "the approved answer"}, {golden.FieldSupportingLine, r.SupportingLine, "the supporting line"}}
		for _, fd := range fields {
			if strings.TrimSpace(fd.text) == "" || (fd.field == golden.FieldApprovedAnswer && r.Category == golden.Refuse) {
				continue
			}
			if fd.field == golden.FieldSupportingLine && f.holdsLine(r) {
				continue // still published where the expert took it from
			}
			hit, ok, err := f.statedOld(ctx, fd.text)
			if err != nil {
				return nil, nil, fmt.Errorf("compare row %d (%s) with what the corpus used to say: %w", n, r.ID, err)
			}
			if !ok {
				continue
			}
			is := golden.Issue{Severity: golden.SevWarning, Row: n, RowID: r.ID, Field: fd.field,
				Reason: golden.StaleSuperseded, Message: ChangeMessage(fd.what, hit)}
			if fd.field == golden.FieldSupportingLine {
				is.Suggest = hit.Current
			}
			out = append(out, is)
			if fd.field == golden.FieldApprovedAnswer && hit.Current != "" {
				moved = append(moved, eval.ApprovedContradiction{QuestionID: r.ID, Row: n, Kind: string(golden.StaleSuperseded),
					Claim: oneLine(hit.Text), DocID: hit.DocID, Passage: oneLine(hit.Current)})
			}
		}
	}
	return out, moved, nil
}

func (f Finder) holdsLine(r golden.Row) bool {
	for _, id := range r.ReferenceDocIDs {
		if f.Library.Holds(id, r.SupportingLine) {
			return true
		}
	}
	return false
}

// statedOld is the first superseded sentence text still states.
func (f Finder) statedOld(ctx context.Context, text string) (retrieval.Superseded, bool, error) {
	hits, err := f.History.SearchSuperseded(ctx, text, supersededCandidates)
	if err != nil {
		return retrieval.Superseded{}, false, err
	}
	for _, h := range hits {
		// A sentence deleted with nothing in its place changed no fact:
		// a row that cited it is stale because its line is gone, which
		// the supporting-line check says; rows that merely share its
		// words (Q001 beside a deleted Q006 line) are not.
		if h.Replacement == "" {
			continue
		}
		if history.StatesOld(text, h.Superseded) {
			return h.Superseded, true, nil
		}
	}
	return retrieval.Superseded{}, false, nil
}

// ChangeMessage words a stale finding with the change behind it:
// `the approved answer states what "Refunds" (help-refunds) said until
// 2026-03-12: "…14 days…"; it now says "…30 days…" (commit 1a2b3c4, "New
// refund policy")`.
func ChangeMessage(what string, s retrieval.Superseded) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s states what %q (%s) said until %s: %q", what, s.Title, s.DocID, s.Until.Format(time.DateOnly), oneLine(s.Text))
	if s.Current != "" {
		fmt.Fprintf(&b, "; it now says %q", oneLine(s.Current))
	} else {
		b.WriteString("; the page no longer says it")
	}
	if s.Commit != "" {
		fmt.Fprintf(&b, " (commit %s, %q)", s.Commit[:min(7, len(s.Commit))], s.Message)
	}
	return b.String()
}
