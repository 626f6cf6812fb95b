package retrieval

import (
	"fmt"
	"sort"
)

// Mode picks the ranking a search returns.
type Mode string

const (
	Hybrid Mode = "hybrid"
	BM25   Mode = "bm25"
	Vector Mode = "vector"
)

// ParseMode validates a user-supplied mode; "" means hybrid.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", Hybrid:
		return Hybrid, nil
	case BM25, Vector:
		return Mode(s), nil
	}
	return "", fmt.Errorf("unknown search mode %q (want hybrid, bm25 or vector)", s)
}

// Hit is one retrieved chunk.
type Hit struct {
	Rank        int      `json:"rank"`
	DocID       string   `json:"doc_id"`
	ChunkID     string   `json:"chunk_id"`
	Title       string   `json:"title"`
	URL         string   `json:"url"`
	HeadingPath []string `json:"heading_path"`
	Text        string   `json:"text"`
	Start       int      `json:"start"` // byte offsets of the chunk in its source file
	End         int      `json:"end"`
	Score       float64  `json:"score"`
	BM25Rank    int      `json:"bm25_rank"`   // 1-based; 0 = not in the BM25 list
	VectorRank  int      `json:"vector_rank"` // 1-based; 0 = not in the vector list
}

// Scored is one entry of a ranked list, best first.
type Scored struct {
	ID    string
	Score float64
}

// Fusion names the way two lists are combined.
type Fusion string

const (
	RRF      Fusion = "rrf"
	Weighted Fusion = "weighted"
)

// FusionOptions tune the fusion. Zero values take the defaults.
type FusionOptions struct {
	Method Fusion
	K      float64 // RRF rank constant; default 60
	Alpha  float64 // weighted: share of the BM25 score in [0,1]; default 0.5
	// VectorWeight scales the vector list's RRF contribution; default 1.
	VectorWeight float64
}

// Fused is a chunk with its fused score and its rank in each input list.
type Fused struct {
	ID                   string
	Score                float64
	BM25Rank, VectorRank int
}

// Fuse combines a BM25 and a vector ranking. Ties are broken by BM25 rank,
// then vector rank, then ID, so results are deterministic.
func Fuse(bm25, vec []Scored, o FusionOptions) []Fused {
	if o.K <= 0 {
		o.K = 60
	}
	if o.Alpha <= 0 || o.Alpha > 1 {
		o.Alpha = 0.5
	}
	if o.VectorWeight <= 0 {
		o.VectorWeight = 1
	}
	byID := map[string]*Fused{}
	get := func(id string) *Fused {
		f, ok := byID[id]
		if !ok {
			f = &Fused{ID: id}
			byID[id] = f
		}
		return f
	}
	bn, vn := MinMax(bm25), MinMax(vec)
	for i, s := range bm25 {
		f := get(s.ID)
		f.BM25Rank = i + 1
		if o.Method == Weighted {
			f.Score += o.Alpha * bn[i]
		} else {
			f.Score += 1 / (o.K + float64(i+1))
		}
	}
	for i, s := range vec {
		f := get(s.ID)
		f.VectorRank = i + 1
		if o.Method == Weighted {
			f.Score += (1 - o.Alpha) * vn[i]
		} else {
			f.Score += o.VectorWeight / (o.K + float64(i+1))
		}
	}
	out := make([]Fused, 0, len(byID))
	for _, f := range byID {
		out = append(out, *f)
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.Score != y.Score {
			return x.Score > y.Score
		}
		if rx, ry := rankKey(x.BM25Rank), rankKey(y.BM25Rank); rx != ry {
			return rx < ry
		}
		if rx, ry := rankKey(x.VectorRank), rankKey(y.VectorRank); rx != ry {
			return rx < ry
		}
		return x.ID < y.ID
	})
	return out
}

func rankKey(r int) int {
	if r == 0 {
		return 1 << 30
	}
	return r
}

// MinMax scales scores to [0,1]; a list of equal scores maps to 1.
func MinMax(l []Scored) []float64 {
	out := make([]float64, len(l))
	if len(l) == 0 {
		return out
	}
	lo, hi := l[0].Score, l[0].Score
	for _, s := range l {
		lo, hi = min(lo, s.Score), max(hi, s.Score)
	}
	for i, s := range l {
		if hi == lo {
			out[i] = 1
		} else {
			out[i] = (s.Score - lo) / (hi - lo)
		}
	}
	return out
}
