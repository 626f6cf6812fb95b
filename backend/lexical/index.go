package lexical

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/mapping"
	bindex "github.com/blevesearch/bleve_index_api"
	bolterrors "go.etcd.io/bbolt/errors"
)

// ErrLocked means another open of the same index directory (in this or
// another process) holds bleve's store: the index is busy, not damaged,
// and must not be deleted.
var ErrLocked = errors.New("lexical index locked by another process")

// boltTimeout bounds the wait for bleve's own store lock. Callers that may
// share a directory take a lock of their own first (see index.Open), so
// reaching this is unexpected, and it is reported as ErrLocked.
const boltTimeout = "2s"

// Doc is one chunk as the lexical index sees it.
type Doc struct {
	ID       string
	Title    string
	Headings string
	Body     string
}

// Hit is a chunk ID with its BM25 score, best first.
type Hit struct {
	ID    string
	Score float64
}

// Index wraps one bleve index directory. bleve stores the postings; the
// BM25 scoring is ours (see bm25.go), because bleve 2.6's "bm25" squares
// the idf, multiplies by a coordination factor and takes the field's
// dictionary size rather than its token count as the average length.
type Index struct {
	bi       bleve.Index
	dir      string
	analyzer interface{ Analyze([]byte) [][]byte }
	mu       sync.Mutex // guards stats
	stats    fieldStats
	hasStats bool
	closed   atomic.Bool
	damaged  atomic.Bool // a bleve call panicked (see guard)
	batches  int         // bleve batches written, guarded by mu (tests bound their size)
}

// Indexed fields: text is title + headings + body (BEIR/Anserini index a
// document's title and text as one field); title is also indexed alone so
// it can be boosted. lenField stores each chunk's token counts so a delete
// can take them off the totals.
const (
	fieldText  = "text"
	fieldTitle = "title"
	lenField   = "lens"
	statsKey   = "continuity_bm25_stats"
)

type bleveDoc struct {
	Text  string `json:"text"`
	Title string `json:"title"`
	Lens  string `json:"lens"`
}

func (bleveDoc) BleveType() string { return "chunk" }

func newMapping() (*mapping.IndexMappingImpl, error) {
	if err := registerStemmer(); err != nil {
		return nil, err
	}
	m := bleve.NewIndexMapping()
	if err := addAnalyzer(m); err != nil {
		return nil, fmt.Errorf("analyzer: %w", err)
	}
	m.DefaultAnalyzer = AnalyzerName
	dm := bleve.NewDocumentStaticMapping()
	for _, f := range []string{fieldText, fieldTitle} {
		fm := bleve.NewTextFieldMapping()
		fm.Analyzer = AnalyzerName
		fm.Store = false
		fm.IncludeTermVectors = false
		fm.IncludeInAll = false
		fm.DocValues = false
		dm.AddFieldMappingsAt(f, fm)
	}
	lm := bleve.NewKeywordFieldMapping()
	lm.Index = false
	lm.Store = true
	lm.IncludeInAll = false
	lm.DocValues = false
	dm.AddFieldMappingsAt(lenField, lm)
	m.AddDocumentMapping("chunk", dm)
	m.DefaultMapping = dm
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false
	return m, nil
}

// Open opens the index at dir, creating it when absent. An index held
// open elsewhere gives ErrLocked; a panic in bleve (a corrupt segment)
// gives ErrDamaged; any other error means it is unreadable.
func Open(dir string) (ix *Index, err error) {
	if err := registerStemmer(); err != nil {
		return nil, err
	}
	if err := knownDamaged(dir); err != nil {
		return nil, err
	}
	defer guard(dir, nil, &err)
	cfg := map[string]any{"bolt_timeout": boltTimeout}
	var bi bleve.Index
	if _, serr := os.Stat(dir); errors.Is(serr, os.ErrNotExist) {
		m, merr := newMapping()
		if merr != nil {
			return nil, merr
		}
		if bi, err = bleve.NewUsing(dir, m, bleve.Config.DefaultIndexType, bleve.Config.DefaultKVStore, cfg); err != nil {
			return nil, openError("create", dir, err)
		}
	} else if bi, err = bleve.OpenUsing(dir, cfg); err != nil {
		return nil, openError("open", dir, err)
	}
	return wrap(dir, bi)
}

// wrap reads what the open bleve index bi holds besides postings: the
// analyzer and the BM25 statistics. It closes bi when it fails.
func wrap(dir string, bi bleve.Index) (*Index, error) {
	ix := &Index{bi: bi, dir: dir, stats: fieldStats{}}
	a := bi.Mapping().AnalyzerNamed(AnalyzerName)
	if a == nil {
		bi.Close()
		return nil, fmt.Errorf("lexical index %s: analyzer %s missing", dir, AnalyzerName)
	}
	ix.analyzer = termsOf{a}
	raw, err := bi.GetInternal([]byte(statsKey))
	if err != nil {
		bi.Close()
		return nil, fmt.Errorf("lexical index %s: statistics: %w", dir, err)
	}
	if raw != nil {
		if err := json.Unmarshal(raw, &ix.stats); err != nil {
			bi.Close()
			return nil, fmt.Errorf("lexical index %s: statistics: %w", dir, err)
		}
		ix.hasStats = true
	} else if n, _ := bi.DocCount(); n == 0 {
		ix.hasStats = true // a new index starts with empty statistics
	}
	return ix, nil
}

func openError(verb, dir string, err error) error {
	if errors.Is(err, bolterrors.ErrTimeout) {
		return fmt.Errorf("%s lexical index %s: %w: %w", verb, dir, ErrLocked, err)
	}
	return fmt.Errorf("%s lexical index %s: %w", verb, dir, err)
}

// HasStats is false for an index built before BM25 statistics were kept;
// it must be rebuilt.
func (ix *Index) HasStats() bool { return ix.hasStats }

// Recreate deletes dir and creates an empty index there.
func Recreate(dir string) (*Index, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, fmt.Errorf("remove lexical index %s: %w", dir, err)
	}
	return Open(dir)
}

// storedLens reads the token counts stored with a chunk; ok is false when
// the chunk is not in the index.
func (ix *Index) storedLens(id string) (docLens, bool, error) {
	d, err := ix.bi.Document(id)
	if err != nil {
		return nil, false, fmt.Errorf("lexical document %s: %w", id, err)
	}
	if d == nil {
		return nil, false, nil
	}
	var lens docLens
	var perr error
	found := false
	d.VisitFields(func(f bindex.Field) {
		if f.Name() != lenField {
			return
		}
		found = true
		if tf, ok := f.(*document.TextField); ok {
			perr = json.Unmarshal(tf.Value(), &lens)
		}
	})
	if perr != nil {
		return nil, false, fmt.Errorf("lexical document %s lengths: %w", id, perr)
	}
	return lens, found, nil
}

// Count is the number of chunks in the index.
func (ix *Index) Count() (n uint64, err error) {
	if err := ix.check(); err != nil {
		return 0, err
	}
	defer ix.guardRead(&err)
	return ix.bi.DocCount()
}

// Close closes the index; it is safe on a nil receiver and a second time
// (bleve panics on a second close), and on a damaged index.
func (ix *Index) Close() (err error) {
	if ix == nil || ix.bi == nil || ix.closed.Swap(true) {
		return nil
	}
	defer guard(ix.dir, ix, &err)
	return ix.bi.Close()
}
