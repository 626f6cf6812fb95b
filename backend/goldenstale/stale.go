package goldenstale

import (
	"context"
	"fmt"
	"strings"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/backend/corpus"
	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// Finder checks golden rows against one state of the workspace.
type Finder struct {
	Library *golden.Library
	// Judge and Index check approved answers against the published corpus;
	// a nil Index skips that check and Find says so in Skipped.
	Judge claims.Engine
	Index check.HybridSearcher
	Docs  int // published documents, for the check report
	// History finds what the corpus used to say; nil skips the check of
	// answers and lines against superseded sentences.
	History SupersededSearcher
}

// Result is what Find found: the stale rows' issues, and why a check did
// not run when it did not (never a silent pass).
type Result struct {
	Issues []golden.Issue `json:"issues"`
	// Contradicted are the rows whose approved answer the corpus now
	// contradicts (or states what a page said before a change), as data:
	// an eval run fails those questions (eval.Run.ApprovedContradicted).
	Contradicted []eval.ApprovedContradiction `json:"contradicted,omitempty"`
	Engine       string                       `json:"engine"` // the claims engine and model that judged approved answers
	Skipped      string                       `json:"skipped,omitempty"`
}

// Rows counts the distinct stale rows.
func (r Result) Rows() int {
	seen := map[int]bool{}
	for _, is := range r.Issues {
		seen[is.Row] = true
	}
	return len(seen)
}

// Find lists the stale findings of rows, reference and supporting-line
// findings first, then answers and lines that state a superseded
// sentence, then contradicted approved answers, each row in order.
// rowNums numbers rows as Excel shows them; nil means 1-based positions.
func (f Finder) Find(ctx context.Context, rows []golden.Row, rowNums []int) (Result, error) {
	res := Result{Issues: golden.FindStale(rows, rowNums, f.Library)}
	if f.History != nil {
		old, moved, err := f.superseded(ctx, rows, rowNums)
		if err != nil {
			return Result{}, err
		}
		res.Issues = append(res.Issues, old...)
		res.Contradicted = append(res.Contradicted, moved...)
	}
	if f.Index == nil || f.Judge == nil {
		res.Skipped = "approved answers not checked against the corpus (no claims engine asked for)"
		return res, nil
	}
	if m, ok := f.Judge.(interface{ ModelName() (string, error) }); ok {
		name, err := m.ModelName()
		if err != nil {
			return Result{}, fmt.Errorf("claims engine model: %w", err)
		}
		res.Engine = name
	}
	for i, r := range rows {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		if r.Category == golden.Refuse || strings.TrimSpace(r.ApprovedAnswer) == "" {
			continue // a refusal makes no claim the corpus could contradict
		}
		n := i + 1
		if i < len(rowNums) {
			n = rowNums[i]
		}
		rep, err := check.CheckDraft(ctx, f.Judge, lexical{f.Index}, r.ApprovedAnswer, f.Docs)
		if err != nil {
			return Result{}, fmt.Errorf("check the approved answer of row %d (%s): %w", n, r.ID, err)
		}
		for _, c := range rep.Claims {
			if c.Verdict != string(claims.Contradicted) || f.fromApprovedSource(r, c) {
				continue
			}
			res.Issues = append(res.Issues, golden.Issue{Severity: golden.SevWarning, Row: n, RowID: r.ID,
				Field: golden.FieldApprovedAnswer, Reason: golden.StaleContradicted, Message: contradiction(c)})
			res.Contradicted = append(res.Contradicted, contradictionOf(r.ID, n, c))
		}
	}
	return res, nil
}

// lexical searches the index by BM25 alone and hides its sentence
// vectors: the stale check runs before `eval --judge none` and in the
// Golden view, and must never call a model (an index may embed through a
// configured LLM endpoint).
type lexical struct{ ix check.HybridSearcher }

func (l lexical) Search(ctx context.Context, query string, k int, _ retrieval.Mode) ([]retrieval.Hit, error) {
	return l.ix.Search(ctx, query, k, retrieval.BM25)
}

// fromApprovedSource reports whether a contradiction's passage comes from
// one of the row's reference documents that still holds its supporting
// line: that document is where the expert took the answer from and it has
// not moved, so the verdict is the engine misreading the source, not the
// corpus changing (a changed source loses the line and is stale for that).
func (f Finder) fromApprovedSource(r golden.Row, c check.Claim) bool {
	if len(c.Evidence) == 0 {
		return false
	}
	doc := c.Evidence[0].DocID
	for _, id := range r.ReferenceDocIDs {
		if id == doc && f.Library.Holds(id, r.SupportingLine) {
			return true
		}
	}
	return false
}

// contradiction words a contradicted claim with its passage and the
// engine's confidence, "not measured" when it gives none.
func contradiction(c check.Claim) string {
	var b strings.Builder
	fmt.Fprintf(&b, "the corpus now contradicts the approved answer: %q", oneLine(c.Text))
	if len(c.Evidence) > 0 {
		e := c.Evidence[0]
		fmt.Fprintf(&b, " vs %s %q", e.ChunkID, oneLine(e.Quote))
	}
	if c.Confidence != nil {
		fmt.Fprintf(&b, " (confidence %.2f)", *c.Confidence)
	} else {
		b.WriteString(" (confidence not measured)")
	}
	return b.String()
}

// contradictionOf is a contradicted claim of row id (workbook row n) as
// the run records it.
func contradictionOf(id string, n int, c check.Claim) eval.ApprovedContradiction {
	ac := eval.ApprovedContradiction{QuestionID: id, Row: n, Kind: string(golden.StaleContradicted), Claim: oneLine(c.Text), Confidence: c.Confidence}
	if len(c.Evidence) > 0 {
		e := c.Evidence[0]
		ac.DocID, ac.ChunkID, ac.Passage = e.DocID, e.ChunkID, oneLine(e.Quote)
	}
	return ac
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// LoadLibrary reads every document of the workspace, of any status, so an
// archived reference is told apart from a deleted one.
func LoadLibrary(ctx context.Context, contentDir string) (*golden.Library, error) {
	docs, _, err := corpus.Load(ctx, contentDir)
	if err != nil {
		return nil, fmt.Errorf("read the workspace documents: %w", err)
	}
	out := make([]golden.LibraryDoc, 0, len(docs))
	for _, d := range docs {
		out = append(out, golden.LibraryDoc{ID: d.ID, Title: d.Title, Status: d.Status, Text: d.Text, Published: d.Indexable()})
	}
	return golden.NewLibrary(out), nil
}

// ForSession is a Finder over the session's workspace and its freshly
// synced index, judging with the offline claims engine.
func ForSession(ctx context.Context, s *session.Session) (Finder, error) {
	ix, _, err := s.FreshIndex(ctx, nil)
	if err != nil {
		return Finder{}, fmt.Errorf("sync the index before checking golden rows: %w", err)
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return Finder{}, err
	}
	return New(ctx, ws.ContentDir(), ix)
}

// New is a Finder over the documents in contentDir and ix, an index
// already synced with them, judging with the offline claims engine.
func New(ctx context.Context, contentDir string, ix *retrieval.Index) (Finder, error) {
	lib, err := LoadLibrary(ctx, contentDir)
	if err != nil {
		return Finder{}, err
	}
	st, err := ix.Stats(ctx)
	if err != nil {
		return Finder{}, err
	}
	return Finder{Library: lib, Judge: claims.NewOffline(), Index: ix, Docs: st.Documents, History: ix}, nil
}

// ExportRowNums numbers n stored rows as the set's exported workbook shows
// them: the header on row 1, the first question on row 2.
func ExportRowNums(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 2
	}
	return out
}

// Lines words each finding for people: "golden.xlsx row 7 (Q006):
// supporting line no longer occurs in help-refund-policy".
func Lines(where string, issues []golden.Issue) []string {
	out := make([]string, 0, len(issues))
	for _, is := range issues {
		id := ""
		if is.RowID != "" {
			id = " (" + is.RowID + ")"
		}
		out = append(out, fmt.Sprintf("%s row %d%s: %s", where, is.Row, id, is.Message))
	}
	return out
}
