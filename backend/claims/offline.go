package claims

import (
	"context"
	"fmt"
	"strings"

	"continuity/backend/claims/model"
	"continuity/backend/claims/verifier"
)

// Thresholds are the offline engine's remaining fixed cut-offs; the
// verdict itself is the model's (backend/claims/model).
type Thresholds struct {
	QtyWeight  float64 // weight of one quantity relative to an average word, in coverage
	CommonName float64 // names in more than this share of sentences are not subjects
	Unseen     float64 // share of the claim's words no passage uses at which nothing may contradict it
}

// DefaultThresholds are general, not fitted to any one corpus.
var DefaultThresholds = Thresholds{QtyWeight: 2, CommonName: 0.2, Unseen: 0.25}

// OfflineEngine is the deterministic engine used without an API key.
type OfflineEngine struct {
	TopK       int
	Thresholds Thresholds
	// Resources are the word and sentence models alignment uses; nil
	// means DefaultResources, loaded on the first check.
	Resources *Resources
	// Weights decide the verdict; nil means the shipped model.
	Weights *model.Weights
	// Verifier, when set, decides verdicts of checks that have sentence
	// vectors (it was trained with them) instead of Weights: opt-in
	// while it does not beat the verdict model on every set
	// (docs/benchmarks.md). Without vectors Weights decide, and
	// Report.Model names the model that did.
	Verifier *verifier.Weights
	// ContradictedThreshold, when above 0, replaces the verdict model's
	// contradicted threshold: a workspace's own, fitted on its fact
	// changes by backend/calibrate.
	ContradictedThreshold float64
	// Uncalibrated shows the verdict model's raw probability as each
	// verdict's confidence instead of the calibrated one (cmd/verdictreport
	// fits the calibration map on it).
	Uncalibrated bool
	trace        func(format string, args ...any) // set by tests to log alignment
}

// NewOffline returns the offline engine with calibrated defaults.
func NewOffline() *OfflineEngine {
	return &OfflineEngine{TopK: DefaultTopK, Thresholds: DefaultThresholds}
}

// EngineOffline is the Report.Engine name of the offline engine.
const EngineOffline = "offline"

func (e *OfflineEngine) resources() *Resources {
	if e.Resources != nil {
		return e.Resources
	}
	return DefaultResources()
}

// checkState is what one check gathers before judging claims.
type checkState struct {
	cl   []Claim
	r    retrieval
	view *corpusView
	vecs [][]float32 // by claim; nil without sentence vectors
	mode string      // how the vectors were had (vecIndex, vecEmbedder or none)
}

// prepare retrieves passages for the claims cl of the draft's paragraphs,
// analyses them and attaches sentence vectors.
func (e *OfflineEngine) prepare(ctx context.Context, paragraphs []Paragraph, cl []Claim, search Searcher) (*checkState, error) {
	r, err := retrieve(ctx, paragraphs, cl, search, e.topK())
	if err != nil {
		return nil, err
	}
	view, err := newCorpusView(ctx, r.unique, e.resources().sentences())
	if err != nil {
		return nil, err
	}
	texts := make([]string, len(cl))
	for i, c := range cl {
		texts[i] = c.SelfContained()
	}
	vecs, mode, err := e.attachVectors(ctx, view, search, texts)
	if err != nil {
		return nil, err
	}
	return &checkState{cl: cl, r: r, view: view, vecs: vecs, mode: mode}, nil
}

// units are the candidate units of claim i: its paragraph's passages and
// its own query's, each chunk once.
func (st *checkState) units(i int) []*unit {
	var units []*unit
	seen := map[string]bool{}
	for _, p := range append(st.r.passages[st.cl[i].Paragraph], st.r.byClaim[i]...) {
		k := chunkKey(p)
		if !seen[k] {
			seen[k] = true
			units = append(units, st.view.units[k]...)
		}
	}
	return units
}

func (st *checkState) vec(i int) []float32 {
	if st.vecs == nil {
		return nil
	}
	return st.vecs[i]
}

// Check implements Engine.
func (e *OfflineEngine) Check(ctx context.Context, draft string, search Searcher) (Report, error) {
	return e.check(ctx, draft, search, nil)
}

// check is Check; scored, when set, sees each claim's assessment as the
// verdict model judged it (never when the verifier did: Scoring).
func (e *OfflineEngine) check(ctx context.Context, draft string, search Searcher, scored func(as *assessment, w *model.Weights)) (Report, error) {
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
	st, err := e.prepare(ctx, paragraphs, cl, search)
	if err != nil {
		return Report{}, err
	}
	w, name, err := e.weights()
	if err != nil {
		return Report{}, err
	}
	vw := e.verifierFor(st.vecs != nil)
	if vw != nil {
		name = verifierName(vw)
	}
	rep := Report{Engine: EngineOffline, Model: name + e.resources().degraded(st.vecs != nil), Results: make([]Result, 0, len(cl)), Retrieved: st.r.passages}
	for i := range cl {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		as := e.assess(cl[i], st.vec(i), st.units(i), st.view)
		if scored != nil && vw == nil {
			scored(&as, w)
		}
		rep.Results = append(rep.Results, e.judge(as, w, vw))
	}
	rep.Summary = summarize(rep.Results)
	return rep, nil
}

// OfflineVersion changes whenever alignment, features or lexicon change
// verdicts; the model's hash changes with its weights.
const OfflineVersion = "13"

// weights are the engine's model and its name for Report.Model,
// "offline-6+verdict-<hash12>".
func (e *OfflineEngine) weights() (*model.Weights, string, error) {
	if e.Weights != nil {
		b, err := e.Weights.Marshal()
		if err != nil {
			return nil, "", err
		}
		return e.Weights, "offline-" + OfflineVersion + "+" + e.Weights.Name + "-" + model.Hash(b) + e.calibrationName(), nil
	}
	w, hash, err := model.Default()
	if err != nil {
		return nil, "", fmt.Errorf("claims: verdict model: %w", err)
	}
	if w.FeatureVersion != FeatureVersion {
		return nil, "", fmt.Errorf("claims: verdict model %s was trained on features %s, the engine computes %s", hash, w.FeatureVersion, FeatureVersion)
	}
	return w, "offline-" + OfflineVersion + "+" + w.Name + "-" + hash + e.calibrationName(), nil
}

// ModelName is Report.Model of a check with every model present.
func (e *OfflineEngine) ModelName() (string, error) {
	_, name, err := e.weights()
	if err != nil {
		return "", err
	}
	if vw := e.verifierFor(true); vw != nil {
		name = verifierName(vw)
	}
	return name, nil
}

// verifierFor is the verifier that decides a check with or without
// sentence vectors; nil means the verdict model decides.
func (e *OfflineEngine) verifierFor(vectors bool) *verifier.Weights {
	if !vectors {
		return nil
	}
	return e.Verifier
}

// judge decides an assessment with the verifier vw when there is one,
// else with the verdict model w.
func (e *OfflineEngine) judge(as assessment, w *model.Weights, vw *verifier.Weights) Result {
	if vw != nil {
		return e.decideVerified(as, vw)
	}
	return e.decide(as, w)
}

// verifierName is Report.Model with the verifier: "offline-6+verifier-v2-<hash12>".
func verifierName(w *verifier.Weights) string {
	return "offline-" + OfflineVersion + "+" + w.Name + "-" + w.Hash()
}

func (e *OfflineEngine) topK() int {
	if e.TopK > 0 {
		return e.TopK
	}
	return DefaultTopK
}

// Verify judges one claim against the given passages as they are, with
// no retrieval (used for benchmarks with given evidence). Sentence
// vectors come from Resources.Embedder when set.
func (e *OfflineEngine) Verify(c Claim, passages []Passage) Result {
	ctx := context.Background()
	w, _, err := e.weights()
	if err != nil {
		return result(c, NotCovered, err.Error())
	}
	st, err := e.given(ctx, c, passages)
	if err != nil { // only the embedder can fail without a deadline
		return result(c, NotCovered, err.Error())
	}
	vw := e.verifierFor(st.vecs != nil)
	return e.judge(e.assess(c, st.vec(0), st.units(0), st.view), w, vw)
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
