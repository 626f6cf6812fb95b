package claims_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"continuity/backend/claims"
)

// list joins n entries made by item with sep, on one line and (unless
// item or sep has one) without a period: a single sentence of n clauses.
func list(n int, sep string, item func(i int) string) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		if i > 1 {
			b.WriteString(sep)
		}
		b.WriteString(item(i))
	}
	return b.String()
}

// Period-free one-line drafts of about size bytes. Each shape walks a
// different former rescan: the words before each price, the phrases
// rewritten before stemming, the clause of each day set.
var longShapes = []struct {
	name string
	sep  string
	item func(i int) string
}{
	{"price list", ", ", func(i int) string { return fmt.Sprintf("Item %d costs $%d", i, i+2) }},
	{"and chain with phrases and days", " and ", func(i int) string {
		return fmt.Sprintf("item %d is for free on Mondays at no extra cost for %d users", i, i%90+10)
	}},
	{"table-like cells", " | ", func(i int) string { return fmt.Sprintf("Plan %d %d GB storage", i, i%50+1) }},
}

// longDraft is list with as many entries as reach size bytes.
func longDraft(size int, sep string, item func(int) string) string {
	var b strings.Builder
	for i := 1; b.Len() < size; i++ {
		if i > 1 {
			b.WriteString(sep)
		}
		b.WriteString(item(i))
	}
	return b.String()
}

// priceCorpus is a small in-memory corpus that states some of the facts.
var priceCorpus = staticSearch{
	{DocID: "prices", ChunkID: "prices#0", Title: "Price list", Text: "Item 1 costs $3. Item 2 costs $4. Item 3 costs $9."},
	{DocID: "faq", ChunkID: "faq#0", Title: "FAQ", Text: "Every item is free on Mondays. Plan 1 has 2 GB storage, not 20 GB."},
}

// A 1 MB single-line draft is read as sentences of bounded length: the
// check ends, with every claim within the sentence bound and under the
// claim cap (before, it was one quadratic 1 MB claim that never ended).
func TestOneMegabyteSingleLineDraft(t *testing.T) {
	t.Parallel()
	for _, s := range longShapes {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			draft := longDraft(1<<20, s.sep, s.item)
			if strings.ContainsAny(draft, ".\n") || len(draft) < 1<<20 {
				t.Fatalf("test draft is not a 1 MB period-free line (%d bytes)", len(draft))
			}
			// a guard, not a timing: the check used not to end at all
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			rep, err := claims.NewOffline().Check(ctx, draft, priceCorpus)
			if err != nil {
				t.Fatal(err)
			}
			n := len(rep.Results)
			if n < 2 || n > claims.MaxClaims {
				t.Fatalf("%d claims, want the line split into 2..%d", n, claims.MaxClaims)
			}
			if sum := rep.Summary.Supported + rep.Summary.Contradicted + rep.Summary.NotCovered; sum != n {
				t.Fatalf("summary counts %d of %d claims", sum, n)
			}
			for _, r := range rep.Results {
				if len(r.Text) > claims.MaxSentenceBytes || len(strings.Fields(r.Text)) > claims.MaxSentenceWords {
					t.Fatalf("claim of %d bytes / %d words exceeds the sentence bound", len(r.Text), len(strings.Fields(r.Text)))
				}
				if r.Start < 0 || r.End > len(draft) || r.Start >= r.End || !r.Verdict.Valid() || !utf8.ValidString(r.Text) {
					t.Fatalf("bad result %+v", r.Claim)
				}
			}
		})
	}
}

// countingSearch counts searches and can cancel the check from inside one.
type countingSearch struct {
	staticSearch
	n      atomic.Int32
	cancel context.CancelFunc // called on the first search when set
}

func (c *countingSearch) Search(ctx context.Context, q string, k int) ([]claims.Passage, error) {
	if c.n.Add(1) == 1 && c.cancel != nil {
		c.cancel()
	}
	return c.staticSearch.Search(ctx, q, k)
}

// A cancelled check stops with context.Canceled wherever it is: before
// decomposing, during retrieval and between two claims' judgements.
func TestCheckStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	// 300 paragraphs of one claim each: one search per paragraph
	draft := list(300, "\n\n", func(i int) string { return fmt.Sprintf("Item %d costs $%d per month.", i, i+2) })
	cases := []struct {
		name         string
		before       bool // cancel before Check starts
		inSearch     bool // cancel during the first search
		inJudge      bool // cancel while judging the first claim
		maxSearches  int32
		maxJudgement int
	}{
		{name: "cancelled before the check", before: true, maxSearches: 0, maxJudgement: 0},
		{name: "cancelled during retrieval", inSearch: true, maxSearches: 1, maxJudgement: 0},
		{name: "cancelled while judging", inJudge: true, maxSearches: 300, maxJudgement: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := &countingSearch{staticSearch: priceCorpus}
			if c.inSearch {
				s.cancel = cancel
			}
			if c.before {
				cancel()
			}
			e := claims.NewOffline()
			judged := 0
			claims.SetTrace(e, func(format string, _ ...any) {
				if strings.HasPrefix(format, "CLAIM") {
					judged++
					if c.inJudge {
						cancel()
					}
				}
			})
			_, err := e.Check(ctx, draft, s)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("err %v, want context.Canceled", err)
			}
			if got := s.n.Load(); got > c.maxSearches {
				t.Fatalf("%d searches after cancelling, want at most %d", got, c.maxSearches)
			}
			if judged > c.maxJudgement {
				t.Fatalf("%d claims judged after cancelling, want at most %d", judged, c.maxJudgement)
			}
		})
	}
}

// Above MaxClaims a draft is refused before any search, with an error
// that says how many claims it holds; at the cap it is checked.
func TestClaimCap(t *testing.T) {
	t.Parallel()
	item := func(i int) string { return fmt.Sprintf("Item %d costs $%d", i, i+2) }
	sentences := func(n int) string { return list(n, ". ", item) + "." }
	// one 1 MB line of clauses, each its own claim
	clauses := longDraft(1<<20, "; ", item)
	cases := []struct {
		name   string
		engine claims.Engine
		draft  string
		claims int
		refuse bool
	}{
		{"offline at the cap", claims.NewOffline(), sentences(claims.MaxClaims), claims.MaxClaims, false},
		{"offline one over the cap", claims.NewOffline(), sentences(claims.MaxClaims + 1), claims.MaxClaims + 1, true},
		{"offline 1 MB line of clauses", claims.NewOffline(), clauses, strings.Count(clauses, ";") + 1, true},
		// the LLM engine is refused before any model call (it has no client)
		{"llm one over the cap", claims.NewLLM(nil), sentences(claims.MaxClaims + 1), claims.MaxClaims + 1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := &countingSearch{staticSearch: priceCorpus}
			rep, err := c.engine.Check(context.Background(), c.draft, s)
			if !c.refuse {
				if err != nil || len(rep.Results) != c.claims {
					t.Fatalf("%d results, err %v; want %d", len(rep.Results), err, c.claims)
				}
				return
			}
			var tooMany *claims.TooManyClaimsError
			if !errors.Is(err, claims.ErrTooManyClaims) || !errors.As(err, &tooMany) {
				t.Fatalf("err %v, want ErrTooManyClaims", err)
			}
			if tooMany.Count != c.claims || tooMany.Max != claims.MaxClaims || !strings.Contains(err.Error(), fmt.Sprint(c.claims)) {
				t.Fatalf("error %q (%+v) does not carry the count %d", err, tooMany, c.claims)
			}
			if s.n.Load() != 0 {
				t.Fatalf("%d searches for a refused draft", s.n.Load())
			}
		})
	}
}

// BenchmarkOfflineLongSentence checks period-free one-line drafts of
// growing size against a small in-memory corpus; time per op should grow
// linearly with the size.
func BenchmarkOfflineLongSentence(b *testing.B) {
	for _, s := range longShapes[:2] {
		for _, size := range []int{10 << 10, 40 << 10, 180 << 10, 1 << 20} {
			draft := longDraft(size, s.sep, s.item)
			b.Run(fmt.Sprintf("%s/%dKB", strings.ReplaceAll(s.name, " ", "_"), size>>10), func(b *testing.B) {
				e := claims.NewOffline()
				for b.Loop() {
					if _, err := e.Check(context.Background(), draft, priceCorpus); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
