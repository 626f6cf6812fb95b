package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"continuity/backend/checks"
	"continuity/backend/claims"
	"continuity/backend/index"
	"continuity/backend/llm"
	"continuity/backend/progress"
	"continuity/backend/retrieve"
	"continuity/backend/session"
	"continuity/backend/settings"
	"continuity/backend/text"
)

// CheckOptions choose the engine ("" = the engine in Settings) and how many
// passages each paragraph retrieves (0 = claims.DefaultTopK).
type CheckOptions struct {
	Engine string
	K      int
}

// ErrNoKeyForCheck wraps llm.ErrNoAPIKey with the way out.
var ErrNoKeyForCheck = errors.New("the LLM engine needs an API key (set one in Settings or OPENAI_API_KEY), or use --engine offline")

// RunCheck syncs the session's corpus index (an unchanged corpus only
// compares hashes) and checks draft against it. The desktop app calls it
// too, so both pick engines and retrieve the same way.
func RunCheck(ctx context.Context, s *session.Session, draft string, o CheckOptions, report progress.Func) (checks.Report, error) {
	ix, _, err := s.FreshIndex(ctx, report)
	if err != nil {
		return checks.Report{}, err
	}
	return checkWithIndex(ctx, s, ix, draft, o, report)
}

func checkWithIndex(ctx context.Context, s *session.Session, ix *index.Index, draft string, o CheckOptions, report progress.Func) (checks.Report, error) {
	st, err := s.Settings.Load(ctx)
	if err != nil {
		return checks.Report{}, err
	}
	engineName := o.Engine
	if engineName == "" {
		engineName = st.Engine
	}
	k := o.K
	if k == 0 {
		k = claims.DefaultTopK
	}
	var engine claims.Engine
	switch engineName {
	case settings.EngineOffline:
		e := claims.NewOffline()
		e.TopK = k
		engine = e
	case settings.EngineLLM:
		client, err := s.LLM(ctx)
		if errors.Is(err, llm.ErrNoAPIKey) {
			return checks.Report{}, fmt.Errorf("%w (%v)", ErrNoKeyForCheck, err)
		}
		if err != nil {
			return checks.Report{}, err
		}
		defer client.Close()
		e := claims.NewLLM(client)
		e.TopK, e.Concurrency = k, max(st.MaxConcurrency, 1)
		engine = e
	default:
		return checks.Report{}, Usagef("engine %q is not offline or llm", engineName)
	}
	stats, err := ix.Stats(ctx)
	if err != nil {
		return checks.Report{}, err
	}
	report.Report(progress.Event{Stage: "checking", Message: "checking claims"})
	return CheckDraft(ctx, engine, ix, draft, stats.Documents)
}

// CheckDraft runs engine over draft with hybrid retrieval from ix and
// builds the stored report (benchmarks call it without a session).
//
// The engine reads the normalized draft (no invisible characters, digits
// and full-width forms in ASCII), so a zero-width space cannot hide a
// claim; offsets and claim texts are mapped back to the writer's bytes.
func CheckDraft(ctx context.Context, engine claims.Engine, ix hybridSearcher, draft string, corpusDocs int) (checks.Report, error) {
	norm := text.Normalize(draft)
	search := newIndexSearcher(ix)
	rep, err := engine.Check(ctx, norm.Text, search)
	if err != nil {
		return checks.Report{}, err
	}
	for i := range rep.Results {
		mapClaim(&rep.Results[i].Claim, norm)
	}
	return checks.Build(rep, search.passages, search.searched(norm.Text), corpusDocs), nil
}

// mapClaim moves a claim's span from the normalized draft to the original;
// a claim that quoted its span verbatim quotes the writer's bytes again.
func mapClaim(c *claims.Claim, norm text.Normalized) {
	if !norm.Changed() {
		return
	}
	verbatim := c.Start >= 0 && c.Start <= c.End && c.End <= len(norm.Text) && norm.Text[c.Start:c.End] == c.Text
	c.Start, c.End = norm.Span(c.Start, c.End)
	if verbatim {
		c.Text = norm.Original()[c.Start:c.End]
	}
}

// indexSearcher adapts hybrid index search to claims.Searcher and keeps
// every passage it returned, so reports can show quotes inside their chunk.
type indexSearcher struct {
	ix       hybridSearcher
	mu       sync.Mutex
	passages map[string]claims.Passage
	queries  map[string][]claims.Passage
}

// hybridSearcher is the part of *index.Index the adapter uses.
type hybridSearcher interface {
	Search(ctx context.Context, query string, k int, mode retrieve.Mode) ([]retrieve.Hit, error)
}

func newIndexSearcher(ix hybridSearcher) *indexSearcher {
	return &indexSearcher{ix: ix, passages: map[string]claims.Passage{}, queries: map[string][]claims.Passage{}}
}

// Search implements claims.Searcher.
func (a *indexSearcher) Search(ctx context.Context, query string, k int) ([]claims.Passage, error) {
	hits, err := a.ix.Search(ctx, query, k, retrieve.Hybrid)
	if err != nil {
		return nil, err
	}
	out := make([]claims.Passage, 0, len(hits))
	for _, h := range hits {
		out = append(out, claims.Passage{DocID: h.DocID, ChunkID: h.ChunkID, Title: h.Title, URL: h.URL, Text: h.Text})
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, p := range out {
		a.passages[p.ChunkID] = p
	}
	a.queries[query] = out
	return out, nil
}

// searched maps each paragraph to what its query returned. The engine's
// query is the paragraph text, optionally preceded by its heading.
func (a *indexSearcher) searched(draft string) map[int]checks.Searched {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := map[int]checks.Searched{}
	for _, p := range claims.SplitParagraphs(draft) {
		for q, hits := range a.queries {
			if q != p.Text && !strings.HasSuffix(q, "\n"+p.Text) {
				continue
			}
			s := checks.Searched{Passages: len(hits), Documents: []string{}}
			seen := map[string]bool{}
			for _, h := range hits {
				if !seen[h.DocID] {
					seen[h.DocID] = true
					s.Documents = append(s.Documents, h.Title)
				}
			}
			out[p.Index] = s
			break
		}
	}
	return out
}
