package claims

import (
	"context"
	"errors"
)

// Verdict is the outcome for one claim.
type Verdict string

const (
	Supported    Verdict = "supported"
	Contradicted Verdict = "contradicted"
	NotCovered   Verdict = "not_covered"
)

// Valid reports whether v is one of the three verdicts.
func (v Verdict) Valid() bool { return v == Supported || v == Contradicted || v == NotCovered }

// FlagUnverifiedEvidence marks a model verdict downgraded to not_covered
// because its evidence could not be found in the passages sent.
const FlagUnverifiedEvidence = "unverified_evidence"

// Claim is one atomic, check-worthy statement of the draft. Text is the
// writer's words, a verbatim span of the draft without the Markdown
// around it (a heading's "##", a list bullet, bold around the sentence);
// Start and End are its byte offsets in the draft.
type Claim struct {
	Paragraph int    `json:"paragraph"`
	Text      string `json:"text"`
	Start     int    `json:"start"`
	End       int    `json:"end"`
	// Resolved is the claim made self-contained for retrieval and
	// verification ("Tallyhub Go runs on iPhones" for "It runs on
	// iPhones"), also free of inline Markdown ("You get 30 days" for "You
	// get **30 days**"); a hint only, empty when nothing needed resolving
	// or the reference was ambiguous. Text stays the writer's words (see
	// Resolve).
	Resolved string `json:"resolved,omitempty"`
}

// Passage is one retrieved chunk of a published document.
type Passage struct {
	DocID   string `json:"doc_id"`
	ChunkID string `json:"chunk_id"`
	Title   string `json:"title"`
	URL     string `json:"url"`
	Text    string `json:"text"`
}

// Evidence is a quote that decides a verdict; Quote is a verbatim
// substring of the chunk's text.
type Evidence struct {
	DocID   string `json:"doc_id"`
	ChunkID string `json:"chunk_id"`
	Title   string `json:"title"`
	Quote   string `json:"quote"`
}

// Result is the verdict for one claim.
type Result struct {
	Claim
	Verdict     Verdict    `json:"verdict"`
	Explanation string     `json:"explanation"`
	Evidence    []Evidence `json:"evidence"`
	Flags       []string   `json:"flags"`
	// Confidence is the engine's probability of Verdict, in (0, 1]; 0
	// means not measured (the LLM engine gives none yet).
	Confidence float64 `json:"confidence,omitempty"`
	// Closest is the published passage nearest the claim when the
	// verdict cites none (not covered), so the writer still sees what the
	// corpus says; Differs names a fact slot it states otherwise ("the
	// closest passage says $75 per month; the draft says $50 a month").
	Closest *Evidence `json:"closest,omitempty"`
	Differs string    `json:"differs,omitempty"`
}

// Summary counts verdicts.
type Summary struct {
	Supported    int `json:"supported"`
	Contradicted int `json:"contradicted"`
	NotCovered   int `json:"not_covered"`
}

// Report is the outcome of checking one draft.
type Report struct {
	Engine         string            `json:"engine"`
	Model          string            `json:"model"`
	PromptVersions map[string]string `json:"prompt_versions,omitempty"`
	Results        []Result          `json:"claims"`
	Summary        Summary           `json:"summary"`
	// Retrieved holds, by paragraph index, the passages that paragraph's
	// query returned, so a caller can say what was searched without
	// re-deriving queries. It is retrieval context, not part of the
	// verdicts, and so never serialized.
	Retrieved map[int][]Passage `json:"-"`
}

// Searcher finds the top k passages for a query. backend/retrieval's hybrid
// search is adapted to it by the caller.
type Searcher interface {
	Search(ctx context.Context, query string, k int) ([]Passage, error)
}

// Engine checks a draft against what search returns.
type Engine interface {
	Check(ctx context.Context, draft string, search Searcher) (Report, error)
}

// ErrEmptyDraft means the draft has no text to check.
var ErrEmptyDraft = errors.New("claims: draft is empty")

func summarize(results []Result) Summary {
	var s Summary
	for _, r := range results {
		switch r.Verdict {
		case Supported:
			s.Supported++
		case Contradicted:
			s.Contradicted++
		default:
			s.NotCovered++
		}
	}
	return s
}
