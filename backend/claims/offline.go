package claims

import (
	"context"
	"fmt"
	"strings"
)

// Thresholds are the offline engine's calibrated cut-offs (see
// docs/benchmarks.md, "Claim verdicts"). Coverage is the IDF-weighted
// share of the claim's content words and quantities that a corpus unit
// contains.
type Thresholds struct {
	Support      float64 // coverage a unit needs to support a claim
	Topic        float64 // word coverage before a different number may contradict
	Negation     float64 // word coverage before opposite polarity may contradict
	Substitution float64 // coverage of the non-name words before a swapped name may contradict
	QtyWeight    float64 // weight of one quantity relative to an average word
	CommonName   float64 // names in more than this share of sentences are not subjects
	Strong       float64 // coverage at which support outranks contradictions from weaker units
	NameNegation float64 // coverage of the non-name words before a negated name may contradict
	Unseen       float64 // share of the claim's words no passage uses at which nothing may contradict it
}

// DefaultThresholds were calibrated on the sample drafts and the VitaminC
// train split only.
var DefaultThresholds = Thresholds{Support: 0.6, Topic: 0.48, Negation: 0.6, Substitution: 0.7, QtyWeight: 2, CommonName: 0.2,
	Strong: 0.9, NameNegation: 0.25, Unseen: 0.25}

// OfflineEngine is the deterministic engine used without an API key.
type OfflineEngine struct {
	TopK       int
	Thresholds Thresholds
	trace      func(format string, args ...any) // set by tests to log alignment
}

// NewOffline returns the offline engine with calibrated defaults.
func NewOffline() *OfflineEngine {
	return &OfflineEngine{TopK: DefaultTopK, Thresholds: DefaultThresholds}
}

// EngineOffline is the Report.Engine name of the offline engine.
const EngineOffline = "offline"

// Check implements Engine.
func (e *OfflineEngine) Check(ctx context.Context, draft string, search Searcher) (Report, error) {
	if strings.TrimSpace(draft) == "" {
		return Report{}, ErrEmptyDraft
	}
	paragraphs := SplitParagraphs(draft)
	cl, err := boundedClaims(ctx, draft)
	if err != nil {
		return Report{}, err
	}
	// Pronouns the decomposer could not resolve get the nearest subject
	// as a hint; Text always stays the writer's span.
	cl = Resolve(draft, cl)
	r, err := retrieve(ctx, paragraphs, cl, search, e.topK())
	if err != nil {
		return Report{}, err
	}
	view, err := newCorpusView(ctx, r.unique)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Engine: EngineOffline, Model: "offline-" + OfflineVersion, Results: make([]Result, 0, len(cl)), Retrieved: r.passages}
	for i, c := range cl {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		var units []*unit
		seen := map[string]bool{}
		for _, p := range append(r.passages[c.Paragraph], r.byClaim[i]...) {
			k := chunkKey(p)
			if !seen[k] {
				seen[k] = true
				units = append(units, view.units[k]...)
			}
		}
		rep.Results = append(rep.Results, e.judge(c, units, view))
	}
	rep.Summary = summarize(rep.Results)
	return rep, nil
}

// OfflineVersion changes whenever the rules or lexicon change verdicts.
const OfflineVersion = "4"

func (e *OfflineEngine) topK() int {
	if e.TopK > 0 {
		return e.TopK
	}
	return DefaultTopK
}

// Verify judges one claim against the given passages as they are, with
// no retrieval (used for benchmarks with given evidence).
func (e *OfflineEngine) Verify(c Claim, passages []Passage) Result {
	view, _ := newCorpusView(context.Background(), passages) // never fails without a deadline
	var units []*unit
	for _, p := range passages {
		units = append(units, view.units[chunkKey(p)]...)
	}
	return e.judge(c, units, view)
}

func result(c Claim, v Verdict, why string, units ...*unit) Result {
	r := Result{Claim: c, Verdict: v, Explanation: why, Evidence: []Evidence{}, Flags: []string{}}
	for _, u := range units {
		r.Evidence = append(r.Evidence, Evidence{DocID: u.passage.DocID, ChunkID: u.passage.ChunkID, Title: u.passage.Title, Quote: u.quote()})
	}
	return r
}

func describe(u *unit) string {
	if u.passage.Title != "" {
		return fmt.Sprintf("%q", u.passage.Title)
	}
	return u.passage.DocID
}
