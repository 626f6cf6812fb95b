package changed

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"continuity/backend/check"
	"continuity/backend/claims"
	"continuity/backend/progress"
)

// Claim is one checked claim of a changed paragraph, located in the new file.
type Claim struct {
	File        string               `json:"file"`
	Line        int                  `json:"line"`
	Col         int                  `json:"col"`
	Text        string               `json:"text"`
	Resolved    string               `json:"resolved,omitempty"`
	Verdict     string               `json:"verdict"`
	Explanation string               `json:"explanation"`
	Evidence    []check.JSONEvidence `json:"evidence"`
	Confidence  *float64             `json:"confidence"`
}

// CheckedParagraph is a changed paragraph with its claims.
type CheckedParagraph struct {
	Paragraph
	Claims []Claim `json:"claims"`
}

// FileReport is one changed page and what checking it found.
type FileReport struct {
	Page
	Paragraphs []CheckedParagraph `json:"paragraphs"`
}

// Report is a whole `check --changed`.
type Report struct {
	Base    string            `json:"base"`
	Engine  string            `json:"engine"`
	Model   string            `json:"model"`
	Files   []FileReport      `json:"files"`
	Summary check.JSONSummary `json:"summary"`
	// Paragraphs counts the changed paragraphs checked.
	Paragraphs int `json:"paragraphs"`
	// Duplicates are the changed pages whose document ID another page has.
	Duplicates []Duplicate `json:"duplicate_ids"`
}

// Check runs judge over the changed paragraphs of pages, each page
// against the rest of the corpus in ix (its own document left out).
func Check(ctx context.Context, judge claims.Engine, ix Index, pages []Page, corpusDocs int, report progress.Func) (Report, error) {
	rep := Report{Files: make([]FileReport, 0, len(pages)), Duplicates: []Duplicate{}}
	total := 0
	for _, p := range pages {
		total += len(p.Paragraphs)
	}
	done := 0
	for _, p := range pages {
		fr := FileReport{Page: p, Paragraphs: []CheckedParagraph{}}
		if p.Skipped == "" && len(p.Paragraphs) > 0 {
			report.Report(progress.Event{Stage: "checking", Message: p.Path, Done: done, Total: total})
			cps, r, err := checkPage(ctx, judge, ix, p, corpusDocs)
			if err != nil {
				return Report{}, fmt.Errorf("%s: %w", p.Path, err)
			}
			fr.Paragraphs = cps
			rep.Engine, rep.Model = r.Engine, r.Model
			rep.Summary.Supported += r.Summary.Supported
			rep.Summary.Contradicted += r.Summary.Contradicted
			rep.Summary.NotCovered += r.Summary.NotCovered
			rep.Paragraphs += len(p.Paragraphs)
			done += len(p.Paragraphs)
		}
		rep.Files = append(rep.Files, fr)
	}
	report.Report(progress.Event{Stage: "checking", Done: done, Total: total})
	return rep, nil
}

// checkPage checks one page's changed paragraphs as one draft, paragraphs
// separated by blank lines, and maps each claim back to its file line.
func checkPage(ctx context.Context, judge claims.Engine, ix Index, p Page, corpusDocs int) ([]CheckedParagraph, check.Report, error) {
	var draft strings.Builder
	starts := make([]int, len(p.Paragraphs))
	for i, para := range p.Paragraphs {
		if i > 0 {
			draft.WriteString("\n\n")
		}
		starts[i] = draft.Len()
		draft.WriteString(para.Text)
	}
	excl := newExcludeDocs(ix, append([]string{p.DocID}, p.oldIDs...)...)
	rep, err := check.CheckDraft(ctx, judge, excl, draft.String(), corpusDocs)
	if err != nil {
		return nil, check.Report{}, err
	}
	out := make([]CheckedParagraph, len(p.Paragraphs))
	for i, para := range p.Paragraphs {
		out[i] = CheckedParagraph{Paragraph: para, Claims: []Claim{}}
	}
	for _, c := range rep.Claims {
		i := sort.Search(len(starts), func(i int) bool { return starts[i] > c.Start }) - 1
		i = max(i, 0)
		line, col := locate(p, p.Paragraphs[i], c.Start-starts[i], c.Text)
		cl := Claim{File: p.Path, Line: line, Col: col, Text: c.Text, Resolved: c.Resolved, Verdict: c.Verdict,
			Explanation: c.Explanation, Evidence: make([]check.JSONEvidence, 0, len(c.Evidence)), Confidence: c.Confidence}
		for _, e := range c.Evidence {
			cl.Evidence = append(cl.Evidence, check.JSONEvidence{DocID: e.DocID, ChunkID: e.ChunkID, Title: e.Title, Quote: e.Quote})
		}
		out[i].Claims = append(out[i].Claims, cl)
	}
	return out, rep, nil
}

// locate is the 1-based line and character column of a claim that starts
// off bytes into its paragraph's checked text. A Markdown paragraph is
// checked as its source, so off is exact; an HTML one is its visible text,
// so the claim is looked up in the source and else put at the paragraph.
func locate(p Page, para Paragraph, off int, claimText string) (int, int) {
	at := -1
	if p.kind == "md" {
		at = para.Start + off
	} else if para.Start >= 0 && para.End <= len(p.raw) && para.Start <= para.End {
		if j := findWords(p.raw[para.Start:para.End], claimText); j >= 0 {
			at = para.Start + j
		}
	}
	if at < 0 || at > len(p.raw) {
		return para.StartLine, 1
	}
	lineStart := strings.LastIndexByte(p.raw[:at], '\n') + 1
	return lineOf(p.raw, at), utf8.RuneCountInString(p.raw[lineStart:at]) + 1
}

// findWords is where the claim's first words start in src, line breaks
// and runs of spaces between them allowed (the visible text joins them
// with one space); -1 when they are not there as plain text.
func findWords(src, claimText string) int {
	words := strings.Fields(claimText)
	for n := min(len(words), 4); n > 0; n-- {
		quoted := make([]string, n)
		for i, w := range words[:n] {
			quoted[i] = regexp.QuoteMeta(w)
		}
		if loc := regexp.MustCompile(strings.Join(quoted, `\s+`)).FindStringIndex(src); loc != nil {
			return loc[0]
		}
	}
	return -1
}
