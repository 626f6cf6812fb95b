package check

import (
	"context"
	"sync"

	"continuity/backend/claims"
	"continuity/backend/llm"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/text"
)

// Progress stages of the claims part of a check; Message says them in words.
const (
	StageSearching = "searching"
	StageModel     = "asking the model"
)

// checkProgress counts a check's work as the engine does it: the corpus
// searches (both engines) and the model calls (the LLM engine), seen
// through the searcher and the client the engine is given, so the engines
// need no hook. Totals are what the offline decomposition predicts: one
// search per paragraph with claims plus one per claim sharing a paragraph,
// and two model calls per such paragraph. An engine that does less
// finishes early; Done never passes Total.
type checkProgress struct {
	report progress.Func
	// model says model calls follow the searches (the LLM engine), so the
	// last search announces them.
	model bool

	mu                    sync.Mutex
	searches, searchTotal int
	calls, callTotal      int
}

func newCheckProgress(draft string, report progress.Func) *checkProgress {
	per := map[int]int{}
	for _, c := range claims.Decompose(text.Normalize(draft).Text) {
		per[c.Paragraph]++
	}
	p := &checkProgress{report: report, searchTotal: len(per), callTotal: 2 * len(per)}
	for _, n := range per {
		if n > 1 {
			p.searchTotal += n
		}
	}
	return p
}

// start reports the first search stage event (0 of the total).
func (p *checkProgress) start() {
	p.report.Report(progress.Event{Stage: StageSearching, Total: p.searchTotal, Message: "searching the corpus"})
}

// searched and called report while they hold the lock: paragraphs are
// searched concurrently, and an event reported after the lock is released
// can overtake a later one, so a late "searching 4/5" would land after
// "asking the model 0/10" and the UI would show the searches unfinished
// while the check waits on the model.
func (p *checkProgress) searched() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.searches = min(p.searches+1, p.searchTotal)
	p.report.Report(progress.Event{Stage: StageSearching, Done: p.searches, Total: p.searchTotal, Message: "searching the corpus"})
	if p.model && p.searches == p.searchTotal && p.calls == 0 {
		p.report.Report(progress.Event{Stage: StageModel, Total: p.callTotal, Message: "asking the model"})
	}
}

func (p *checkProgress) called() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls = min(p.calls+1, p.callTotal)
	p.report.Report(progress.Event{Stage: StageModel, Done: p.calls, Total: p.callTotal, Message: "asking the model"})
}

// countingIndex is the index with its searches counted; the embedded
// index keeps it a SentenceIndex, so the engine still gets stored
// sentence vectors.
type countingIndex struct {
	*retrieval.Index
	p *checkProgress
}

// Search implements HybridSearcher.
func (c countingIndex) Search(ctx context.Context, query string, k int, mode retrieval.Mode) ([]retrieval.Hit, error) {
	hits, err := c.Index.Search(ctx, query, k, mode)
	if err == nil {
		c.p.searched()
	}
	return hits, err
}

// countingClient is the model client with its finished calls counted.
type countingClient struct {
	*llm.Client
	p *checkProgress
}

// CompleteJSON is the client's, counted when it succeeds.
func (c countingClient) CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error) {
	resp, err := c.Client.CompleteJSON(ctx, req, out)
	if err == nil {
		c.p.called()
	}
	return resp, err
}
