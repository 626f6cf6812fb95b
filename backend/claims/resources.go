package claims

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"continuity/backend/embed/glove"
	"continuity/backend/models"
	"continuity/backend/wordnet"
)

// SentenceEmbedder embeds texts into unit vectors (USE-lite in the
// product). The engine uses one, when set, to embed passage sentences
// itself where the Searcher has no stored vectors (Verify, given
// evidence); without one it aligns by words only.
type SentenceEmbedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Resources are the optional models the offline engine aligns with. Any
// of them may be nil: the engine then runs without that signal and its
// Report.Model says which is missing.
type Resources struct {
	GloVe    *glove.Model     // word similarity for soft word alignment
	WordNet  *wordnet.WordNet // synonyms and antonyms
	Embedder SentenceEmbedder // fallback sentence vectors
	Notes    []string         // why a model is missing, for logs
	words    *wordCache       // memoised word-pair decisions
	once     sync.Once
}

// LoadResources finds GloVe and WordNet where models.Locate says (the
// models folders with dataDir, the binary's own copy, Debian's WordNet). A
// missing model is not an error: it is left nil and noted.
func LoadResources(dataDir string) *Resources {
	r := &Resources{}
	if loc, err := models.Locate(dataDir, models.GloVe); err != nil {
		r.Notes = append(r.Notes, models.Notice("GloVe", "exact and WordNet word alignment only"))
	} else if g, err := glove.LoadFS(loc.FS); err != nil {
		r.Notes = append(r.Notes, fmt.Sprintf("GloVe unusable (%v); exact and WordNet word alignment only", err))
	} else {
		r.GloVe = g
	}
	var wn *wordnet.WordNet
	loc, err := models.Locate(dataDir, models.WordNet)
	if err == nil {
		wn, err = wordnet.LoadFS(loc.FS, loc.Path)
	}
	switch {
	case errors.Is(err, models.ErrNotFound), errors.Is(err, wordnet.ErrNotInstalled):
		r.Notes = append(r.Notes, models.Notice("WordNet", "no synonyms or antonyms"))
	case err != nil:
		r.Notes = append(r.Notes, fmt.Sprintf("WordNet unusable (%v); no synonyms or antonyms", err))
	default:
		r.WordNet = wn
	}
	return r
}

// defaultResources are loaded once per process, on the first check of an
// engine built without explicit resources: WordNet takes about a second
// to read, which a check must not pay each time.
var defaultResources struct {
	once sync.Once
	r    *Resources
}

// DefaultResources is LoadResources("") loaded once per process.
func DefaultResources() *Resources {
	defaultResources.once.Do(func() { defaultResources.r = LoadResources("") })
	return defaultResources.r
}

// cache returns the word-pair cache, made on first use.
func (r *Resources) cache() *wordCache {
	r.once.Do(func() { r.words = newWordCache() })
	return r.words
}

// degraded lists the signals a check ran without, for Report.Model.
func (r *Resources) degraded(vectors bool) string {
	var miss []string
	if !vectors {
		miss = append(miss, "no sentence vectors")
	}
	if r.GloVe == nil {
		miss = append(miss, "no GloVe")
	}
	if r.WordNet == nil {
		miss = append(miss, "no WordNet")
	}
	if len(miss) == 0 {
		return ""
	}
	return " (degraded: " + strings.Join(miss, ", ") + ")"
}

// modifier: the claim word of stem t is mostly an adjective or adverb
// (false without WordNet).
func (r *Resources) modifier(a analysis, t string) bool {
	if r == nil || r.WordNet == nil {
		return false
	}
	w := a.surface[t]
	if w == "" {
		w = t
	}
	return r.WordNet.Modifier(strings.ToLower(w))
}

// verb: the claim word of stem t is mostly a verb (false without
// WordNet).
func (r *Resources) verb(a analysis, t string) bool {
	if r == nil || r.WordNet == nil {
		return false
	}
	w := a.surface[t]
	if w == "" {
		w = t
	}
	return r.WordNet.Verb(strings.ToLower(w))
}
