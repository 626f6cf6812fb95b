package claims

import (
	"context"
	"errors"
	"fmt"
	"os"
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
	memo     *sentenceMemo    // memoised corpus-sentence analyses
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

// defaultResources are loaded once per models setting, on the first check
// of an engine built without explicit resources: GloVe and WordNet take
// about 0.2 s to read, which a check must not pay each time. Keyed by
// $CONTINUITY_MODELS and $CONTINUITY_WORDNET because they decide where
// Locate looks: one load under another setting (a test pointing them at
// an empty folder) must not leave every later check of the process
// without GloVe and WordNet.
var defaultResources struct {
	mu    sync.Mutex
	byEnv map[string]*Resources
}

// DefaultResources is LoadResources("") loaded once per models setting.
func DefaultResources() *Resources {
	key := os.Getenv(models.EnvDir) + "\x00" + os.Getenv("CONTINUITY_WORDNET")
	defaultResources.mu.Lock()
	defer defaultResources.mu.Unlock()
	if r, ok := defaultResources.byEnv[key]; ok {
		return r
	}
	if defaultResources.byEnv == nil {
		defaultResources.byEnv = map[string]*Resources{}
	}
	r := LoadResources("")
	defaultResources.byEnv[key] = r
	return r
}

// PreloadResources starts loading DefaultResources in the background, so
// a caller that will judge claims can overlap the time it takes (about
// 0.2 s, mostly reading the files) with opening the index;
// DefaultResources then waits for it.
func PreloadResources() { go DefaultResources() }

// cache returns the word-pair cache, made on first use.
func (r *Resources) cache() *wordCache {
	r.once.Do(r.makeCaches)
	return r.words
}

// sentences returns the corpus-sentence memo, made on first use.
func (r *Resources) sentences() *sentenceMemo {
	r.once.Do(r.makeCaches)
	return r.memo
}

func (r *Resources) makeCaches() {
	r.words, r.memo = newWordCache(), newSentenceMemo()
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
