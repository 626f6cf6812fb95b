package session

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"sync"

	"continuity/backend/embed"
	"continuity/backend/embed/cache"
	"continuity/backend/embed/uselite"
	"continuity/backend/models"
)

// lsaFallback names what runs when the pretrained model cannot.
const lsaFallback = "the LSA embedder fitted to the corpus (offline-lsa) for sentences too"

// EmbedderChoice is what embeds passages and sentences, and why.
//
// Passages are ranked with the corpus-fitted LSA model unless the settings
// name a remote embedding model: on SciFact and handbook-dev it ranks as
// well as or better than the pretrained encoder, at a fraction of the cost
// (docs/benchmarks.md). Sentences, which a claim is compared with, are
// embedded by the pretrained USE-lite encoder when it is installed.
type EmbedderChoice struct {
	Chunks    embed.Embedder // nil: the index's corpus-fitted LSA default
	Sentences embed.Embedder // nil: the same as Chunks
	// Notice is one line for the user when the choice is a fallback or
	// runs without the shared cache; empty when all is well.
	Notice string
}

// Name and Model say what ranks passages, as Index.Stats does.
func (c EmbedderChoice) Name() string { return nameOf(c.Chunks) }

func (c EmbedderChoice) Model() string { return modelOf(c.Chunks) }

// SentenceName and SentenceModel say what embeds sentences.
func (c EmbedderChoice) SentenceName() string {
	if c.Sentences == nil {
		return c.Name()
	}
	return nameOf(c.Sentences)
}

func (c EmbedderChoice) SentenceModel() string {
	if c.Sentences == nil {
		return c.Model()
	}
	return modelOf(c.Sentences)
}

func nameOf(e embed.Embedder) string {
	if e == nil {
		return "offline-lsa"
	}
	return e.Name()
}

func modelOf(e embed.Embedder) string {
	if e == nil {
		return "fitted to the corpus"
	}
	return e.Model()
}

// offlineEmbedder loads USE-lite from the first models folder that has it
// (models.Candidates), else the copy compiled into the binary, behind the shared embedding cache. Without the model
// it falls back to LSA, and says so; a cache that cannot open costs speed,
// never results, and says so too. The choice is made once per session.
func (s *Session) offlineEmbedder(ctx context.Context) EmbedderChoice {
	s.offline.once.Do(func() { s.offline.choice = s.chooseOffline(ctx) })
	return s.offline.choice
}

func (s *Session) chooseOffline(ctx context.Context) EmbedderChoice {
	loc, err := models.Locate(s.DataDir, models.USELite)
	if err != nil {
		return EmbedderChoice{Notice: models.Notice("USE-lite", lsaFallback)}
	}
	enc, err := newLazyUSELite(loc)
	if err != nil {
		return EmbedderChoice{Notice: fmt.Sprintf("offline model USE-lite unusable (%v); using %s", err, lsaFallback)}
	}
	c, notice := s.embedCache(ctx)
	if c == nil {
		return EmbedderChoice{Sentences: enc, Notice: notice}
	}
	return EmbedderChoice{Sentences: c.Wrap(enc)}
}

// embedCache opens the cache shared by every data dir of this user.
func (s *Session) embedCache(ctx context.Context) (*cache.Cache, string) {
	path, err := cache.DefaultPath()
	if err == nil {
		var c *cache.Cache
		if c, err = cache.Open(ctx, path, cache.Options{Log: s.Log}); err == nil {
			s.offline.cache = c
			return c, ""
		}
	}
	s.Log.Warn("embedding cache unavailable", "err", err)
	return nil, fmt.Sprintf("shared embedding cache unavailable (%v); vectors are computed without it", err)
}

// offlineState is the session's lazily chosen offline embedder.
type offlineState struct {
	once   sync.Once
	choice EmbedderChoice
	cache  *cache.Cache
}

func (o *offlineState) close() error {
	if o.cache == nil {
		return nil
	}
	err := o.cache.Close()
	o.cache = nil
	return err
}

// loaded is the USE-lite encoder last read from each models folder, with
// the folder's listing when it was read. Reading and compiling the model
// costs about 0.15 s; every session (each CLI command, each MCP or test
// session) would otherwise pay it again. The encoder is safe for
// concurrent use, and a folder whose files change is read again.
var loaded struct {
	sync.Mutex
	by    map[string]*loadedModel
	names map[string]string // folder and listing → the model's name, hashed without loading it
}

type loadedModel struct {
	once    sync.Once
	listing string
	enc     *uselite.Encoder
	err     error
}

// loadUSELite is uselite.LoadFS(loc.FS, loc.Path), read once per process
// while the folder's file names, sizes and times stay the same. A name
// hashed from that listing (useliteName) spares the hash.
func loadUSELite(loc models.Location, name string) (*uselite.Encoder, error) {
	listing, ok := listingOf(loc.FS)
	if !ok {
		return uselite.LoadFS(loc.FS, loc.Path)
	}
	loaded.Lock()
	m := loaded.by[loc.Path]
	if m == nil || m.listing != listing {
		m = &loadedModel{listing: listing}
		if loaded.by == nil {
			loaded.by = map[string]*loadedModel{}
		}
		loaded.by[loc.Path] = m
	}
	loaded.Unlock()
	m.once.Do(func() {
		loaded.Lock()
		named := loaded.names[loc.Path+"\x00"+listing]
		loaded.Unlock()
		if name != "" && name == named {
			m.enc, m.err = uselite.LoadFSNamed(loc.FS, loc.Path, name)
			return
		}
		m.enc, m.err = uselite.LoadFS(loc.FS, loc.Path)
	})
	if m.err != nil {
		loaded.Lock()
		if loaded.by[loc.Path] == m {
			delete(loaded.by, loc.Path) // the next session tries again
		}
		loaded.Unlock()
	}
	return m.enc, m.err
}

// listingOf names each file at fsys's root with its size and time.
func listingOf(fsys fs.FS) (string, bool) {
	if fsys == nil {
		return "", false
	}
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return "", false
	}
	var b strings.Builder
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			return "", false
		}
		fmt.Fprintf(&b, "%s %d %d %v\n", e.Name(), info.Size(), info.ModTime().UnixNano(), e.IsDir())
	}
	return b.String(), true
}
