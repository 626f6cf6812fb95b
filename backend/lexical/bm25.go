package lexical

import (
	"container/heap"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
	bindex "github.com/blevesearch/bleve_index_api"
	"github.com/kljensen/snowball/english"
)

// Params tune the BM25 ranking.
type Params struct {
	K1, B float64
	// TitleWeight scales the title-only field's score; the combined text
	// field already holds the title once.
	TitleWeight float64
}

// DefaultParams: k1 and b as in Anserini's BEIR baselines; the title
// weight was chosen on SciFact train (docs/benchmarks.md).
var DefaultParams = Params{K1: 0.9, B: 0.4, TitleWeight: 0.0}

type fieldStat struct {
	Docs   int64 `json:"docs"`
	Tokens int64 `json:"tokens"`
}

// fieldStats are the per-field totals BM25's average length needs.
type fieldStats map[string]fieldStat

// docLens are one chunk's token counts per field.
type docLens map[string]int64

func (s fieldStats) clone() fieldStats {
	out := make(fieldStats, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

func (s fieldStats) add(l docLens, sign int64) {
	for f, n := range l {
		st := s[f]
		if n > 0 {
			st.Docs += sign
		}
		st.Tokens += sign * n
		s[f] = st
	}
}

type termsOf struct{ a analysis.Analyzer }

func (t termsOf) Analyze(b []byte) [][]byte {
	ts := t.a.Analyze(b)
	out := make([][]byte, len(ts))
	for i, tok := range ts {
		out[i] = tok.Term
	}
	return out
}

// count approximates the number of tokens the analyzer keeps (runs of
// letters and digits that are not stop words). It only feeds the average
// field length, where a percent of error is harmless; each chunk's own
// length comes exactly from bleve's norms. Running the full analyzer a
// second time cost more than bleve's own indexing.
func (ix *Index) count(s string) int64 {
	var n int64
	start := -1
	for i, r := range s + " " {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			if !isStop(s[start:i]) {
				n++
			}
			start = -1
		}
	}
	return n
}

// Search returns up to k chunks ranked by BM25 (DefaultParams) over the
// combined text field plus the weighted title field.
func (ix *Index) Search(ctx context.Context, q string, k int) ([]Hit, error) {
	return ix.SearchParams(ctx, q, k, DefaultParams)
}

// SearchParams is Search with explicit parameters (for tuning).
func (ix *Index) SearchParams(ctx context.Context, q string, k int, p Params) (hits []Hit, err error) {
	if k <= 0 {
		return nil, nil
	}
	if err := ix.check(); err != nil {
		return nil, err
	}
	defer ix.guardRead(&err)
	qtf := map[string]float64{}
	for _, t := range ix.analyzer.Analyze([]byte(q)) {
		qtf[string(t)]++
	}
	if len(qtf) == 0 {
		return []Hit{}, nil
	}
	ix.mu.Lock()
	stats := ix.stats
	ix.mu.Unlock()
	adv, err := ix.bi.Advanced()
	if err != nil {
		return nil, fmt.Errorf("lexical search: %w", err)
	}
	r, err := adv.Reader()
	if err != nil {
		return nil, fmt.Errorf("lexical search: %w", err)
	}
	defer r.Close()
	n, err := r.DocCount()
	if err != nil || n == 0 {
		return []Hit{}, err
	}
	// Internal numbers run a little past the live count (deleted documents
	// not merged away yet); add grows the slice when they run further.
	acc := &accum{score: make([]float64, n+n/4+16)}
	for _, f := range []struct {
		name string
		w    float64
	}{{fieldText, 1}, {fieldTitle, p.TitleWeight}} {
		st := stats[f.name]
		if f.w <= 0 || st.Docs <= 0 || st.Tokens <= 0 {
			continue
		}
		avg := float64(st.Tokens) / float64(st.Docs)
		for term, qf := range qtf {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if err := scoreTerm(ctx, r, f.name, term, f.w*qf, float64(n), avg, p, acc); err != nil {
				return nil, err
			}
		}
	}
	return ix.top(r, acc, k)
}

// accum holds the BM25 sums indexed by bleve's internal document number
// (scorch's internal IDs are 8-byte big-endian numbers, so numeric order is
// the byte order the ties are broken by). A dense slice instead of a map
// keyed by string(ID) removes an allocation and a hash per posting.
type accum struct{ score []float64 }

// maxDocNum bounds the dense accumulator (scorch numbers documents
// contiguously across segments, so this is far above any real index).
const maxDocNum = 1 << 27

func (a *accum) add(id []byte, s float64) error {
	if len(id) != 8 {
		return fmt.Errorf("lexical search: internal ID of %d bytes, want 8 (not a scorch index?)", len(id))
	}
	n := binary.BigEndian.Uint64(id)
	if n >= maxDocNum {
		return fmt.Errorf("lexical search: internal document number %d out of range", n)
	}
	if int(n) >= len(a.score) {
		size := max(int(n)+1, 2*len(a.score))
		a.score = slices.Grow(a.score, size-len(a.score))[:size]
	}
	a.score[n] += s
	return nil
}

func scoreTerm(ctx context.Context, r bindex.IndexReader, field, term string, w, n, avg float64, p Params, acc *accum) error {
	tfr, err := r.TermFieldReader(ctx, []byte(term), field, true, true, false)
	if err != nil {
		return fmt.Errorf("lexical search %s:%s: %w", field, term, err)
	}
	defer tfr.Close()
	df := float64(tfr.Count())
	if df == 0 {
		return nil
	}
	idf := math.Log(1 + (n-df+0.5)/(df+0.5))
	var buf bindex.TermFieldDoc
	for {
		d, err := tfr.Next(&buf)
		if err != nil {
			return fmt.Errorf("lexical search %s:%s: %w", field, term, err)
		}
		if d == nil {
			return nil
		}
		tf := float64(d.Freq)
		dl := avg
		if d.Norm > 0 {
			// bleve's norm is 1/sqrt(length): 1/norm² lands next to an
			// integer, never halfway, so truncating x+0.5 equals math.Round.
			dl = float64(int64(1/(d.Norm*d.Norm) + 0.5))
		}
		if err := acc.add(d.ID, w*idf*tf*(p.K1+1)/(tf+p.K1*(1-p.B+p.B*dl/avg))); err != nil {
			return err
		}
	}
}

type scored struct {
	num   uint64
	score float64
}

// worstFirst is a min-heap on score; ties keep the smaller internal ID.
type worstFirst []scored

func (h worstFirst) Len() int { return len(h) }
func (h worstFirst) Less(a, b int) bool {
	if h[a].score != h[b].score {
		return h[a].score < h[b].score
	}
	return h[a].num > h[b].num
}
func (h worstFirst) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *worstFirst) Push(x any)   { *h = append(*h, x.(scored)) }
func (h *worstFirst) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (ix *Index) top(r bindex.IndexReader, acc *accum, k int) ([]Hit, error) {
	h := make(worstFirst, 0, k+1)
	for i, s := range acc.score {
		if s == 0 { // every matching posting adds a positive score
			continue
		}
		c := scored{uint64(i), s}
		if len(h) < k {
			heap.Push(&h, c)
		} else if s > h[0].score {
			// Ascending scan: an equal score never beats a smaller ID.
			h[0] = c
			heap.Fix(&h, 0)
		}
	}
	out := make([]Hit, len(h))
	var id [8]byte
	for i := len(h) - 1; i >= 0; i-- {
		c := heap.Pop(&h).(scored)
		binary.BigEndian.PutUint64(id[:], c.num)
		ext, err := r.ExternalID(bindex.IndexInternalID(id[:]))
		if err != nil {
			return nil, fmt.Errorf("lexical search: %w", err)
		}
		out[i] = Hit{ID: ext, Score: c.score}
	}
	return out, nil
}

func isStop(w string) bool {
	if len(w) > 12 {
		return false
	}
	return english.IsStopWord(strings.ToLower(w))
}
