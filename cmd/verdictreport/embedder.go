package main

import (
	"context"
	"fmt"
	"path/filepath"

	"continuity/backend/embed"
	"continuity/backend/embed/cache"
	"continuity/backend/embed/uselite"
	"continuity/backend/models"
	"continuity/backend/retrieval"
)

// embedderModes are the -embedder values. The product (backend/session,
// since issue 13's second round) ranks passages with BM25 + the corpus-fitted
// LSA and keeps USE-lite vectors of every sentence; "use-lite" ranks passages
// with USE-lite too, as the index did before; "lsa" uses no pretrained model.
var embedderModes = []string{"auto", "use-lite", "product", "lsa"}

// embedderChoice is what embeds the chunks and the sentences of every index
// of a run; nil is the index's corpus-fitted LSA default.
type embedderChoice struct {
	chunks, sentences embed.Embedder
	key               string // names the per-set index folders, so two choices never share one
	notice            string // why this choice, when it is a fallback
	cache             *cache.Cache
}

// chooseEmbedder loads USE-lite behind the shared cache as backend/session
// does. "auto" is "use-lite" when the model is there, else "lsa" (said in
// notice); "use-lite" and "product" without the model are errors.
func chooseEmbedder(ctx context.Context, mode string) (embedderChoice, error) {
	switch mode {
	case "lsa":
		return embedderChoice{key: "lsa", notice: "LSA asked for with -embedder lsa"}, nil
	case "auto", "use-lite", "product":
	default:
		return embedderChoice{}, fmt.Errorf("-embedder %q: want one of %v", mode, embedderModes)
	}
	p, err := models.Find("", models.USELite)
	if err != nil {
		if mode != "auto" {
			return embedderChoice{}, fmt.Errorf("-embedder %s: %w", mode, err)
		}
		return embedderChoice{key: "lsa", notice: models.Notice("USE-lite", "the LSA embedder fitted to each corpus")}, nil
	}
	var enc embed.Embedder
	if enc, err = uselite.Load(filepath.Dir(p)); err != nil {
		return embedderChoice{}, fmt.Errorf("load USE-lite from %s: %w", filepath.Dir(p), err)
	}
	c := embedderChoice{key: "use-lite"}
	path, err := cache.DefaultPath()
	if err == nil {
		c.cache, err = cache.Open(ctx, path, cache.Options{})
	}
	if err == nil {
		enc = c.cache.Wrap(enc)
	} else {
		// Without the cache the vectors are the same, only slower.
		c.notice = fmt.Sprintf("shared embedding cache unavailable (%v)", err)
	}
	if mode == "product" {
		c.key, c.sentences = "product", enc
		return c, nil
	}
	c.chunks = enc
	return c, nil
}

func (c embedderChoice) close() error {
	if c.cache == nil {
		return nil
	}
	return c.cache.Close()
}

// describeEmbedder names what ranks passages and what embeds sentences,
// with their model hashes (USE-lite's name already is its files' hash, so
// it is said once), as the index reports them.
func describeEmbedder(st retrieval.Stats, c embedderChoice) string {
	name := func(n, m string) string {
		if m != "" && m != n {
			return n + " (model " + m + ")"
		}
		return n
	}
	s := "passages " + name(st.Embedder, st.EmbedModel)
	if st.SentenceEmbedder != "" {
		s += ", sentences " + name(st.SentenceEmbedder, st.SentenceModel)
	}
	if c.cache != nil {
		s += ", shared embedding cache"
	}
	return s
}
