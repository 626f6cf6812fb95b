package claims

import (
	"context"
	"strings"
)

// ClaimFeatures is one claim's feature vector with what decided it, for
// training and inspecting the verdict model (cmd/trainverdict).
type ClaimFeatures struct {
	Claim Claim
	X     []float64 // in the order of FeatureNames
	// Conflict: a cue fired on an aligned unit about the claim's subject,
	// which a contradicted verdict needs.
	Conflict bool
	// Supportable: a unit aligning nearly as well as the best states all
	// the claim's quantities, which a supported verdict needs.
	Supportable bool
	Cue         string // the first such cue's kind and explanation
	Vectors     string // how sentence vectors were had: "index", "embedder" or ""
	// Best and ConflictQuote quote the best aligned unit and the
	// conflicting one, with their documents.
	Best, BestDoc, ConflictQuote, ConflictDoc string
	// Docs are the documents of the aligned units, best first.
	Docs []string
	// Pairs are the units the verifier reads for this claim, as Check
	// gives them to it.
	Pairs []PairCandidate
	// Claim text as the verifier reads it (pronouns resolved).
	Text string
}

// PairCandidate is one unit the verifier judges against a claim.
type PairCandidate struct {
	Unit, Doc  string
	Features   []float32 // in the order of PairFeatureNames
	CanSupport bool      // the unit states the claim's quantities
}

func (st *checkState) features(e *OfflineEngine, i int) ClaimFeatures {
	as := e.assess(st.cl[i], st.vec(i), st.units(i), st.view)
	return exportFeatures(as, st.mode)
}

func exportFeatures(as assessment, mode string) ClaimFeatures {
	f := ClaimFeatures{Claim: as.claim, X: as.x, Conflict: as.conflict != nil, Supportable: as.support != nil, Vectors: mode}
	if as.best != nil {
		f.Best, f.BestDoc = as.best.u.quote(), as.best.u.passage.DocID
	}
	if cd := as.conflict; cd != nil {
		f.Cue = cd.cues[0].kind + ": " + cd.cues[0].why
		f.ConflictQuote, f.ConflictDoc = cd.u.quote(), cd.u.passage.DocID
	}
	f.Text = as.claim.SelfContained()
	for _, cd := range pairCandidates(&as) {
		f.Pairs = append(f.Pairs, PairCandidate{Unit: cd.u.quote(), Doc: cd.u.passage.DocID, Features: cd.pf, CanSupport: canSupport(&as, cd)})
	}
	seen := map[string]bool{}
	for _, cd := range as.cands {
		if d := cd.u.passage.DocID; !seen[d] {
			seen[d] = true
			f.Docs = append(f.Docs, d)
		}
	}
	return f
}

// DraftFeatures decomposes and retrieves as Check does and returns the
// features of every claim of the draft.
func (e *OfflineEngine) DraftFeatures(ctx context.Context, draft string, search Searcher) ([]ClaimFeatures, error) {
	if strings.TrimSpace(draft) == "" {
		return nil, ErrEmptyDraft
	}
	cl, err := boundedClaims(ctx, draft)
	if err != nil {
		return nil, err
	}
	st, err := e.prepare(ctx, SplitParagraphs(draft), cl, search)
	if err != nil {
		return nil, err
	}
	out := make([]ClaimFeatures, len(cl))
	for i := range cl {
		out[i] = st.features(e, i)
	}
	return out, nil
}

// SentenceFeatures judges text whole as one claim (no decomposition),
// retrieving with the text itself as Check does for a one-sentence
// draft: training labels belong to the whole sentence.
func (e *OfflineEngine) SentenceFeatures(ctx context.Context, text string, search Searcher) (ClaimFeatures, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return ClaimFeatures{}, ErrEmptyDraft
	}
	c := Claim{Paragraph: 0, Text: text, Start: 0, End: len(text)}
	st, err := e.prepare(ctx, SplitParagraphs(text), []Claim{c}, search)
	if err != nil {
		return ClaimFeatures{}, err
	}
	return st.features(e, 0), nil
}

// GivenFeatures judges text against the given passages as they are (no
// retrieval), as Verify does; sentence vectors come from the engine's
// embedder when it has one.
func (e *OfflineEngine) GivenFeatures(ctx context.Context, text string, passages []Passage) (ClaimFeatures, error) {
	st, err := e.given(ctx, Claim{Text: strings.TrimSpace(text)}, passages)
	if err != nil {
		return ClaimFeatures{}, err
	}
	return st.features(e, 0), nil
}

// given builds the state of a check of one claim against passages.
func (e *OfflineEngine) given(ctx context.Context, c Claim, passages []Passage) (*checkState, error) {
	view, err := newCorpusView(ctx, passages, e.resources().sentences())
	if err != nil {
		return nil, err
	}
	st := &checkState{cl: []Claim{c}, view: view, r: retrieval{passages: map[int][]Passage{c.Paragraph: passages}, byClaim: make([][]Passage, 1)}}
	st.vecs, st.mode, err = e.attachVectors(ctx, view, nil, []string{c.SelfContained()})
	if err != nil {
		return nil, err
	}
	return st, nil
}
