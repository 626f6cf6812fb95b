package uselite

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

const (
	// dims is the length of every embedding.
	dims = 512
	// MaxTokens is the longest token sequence the graph reads; it drops
	// tokens past it, so longer texts are split into windows first.
	MaxTokens = 128
	// batchSize sentences (windows) go through the graph at a time.
	batchSize = 16
)

// Encoder embeds texts with USE-lite. It is safe for concurrent use: the
// compiled graph is read-only and each evaluation takes its own arena.
type Encoder struct {
	tok    *Tokenizer
	g      *graph
	name   string
	arenas sync.Pool
}

// Load reads model.json, its weight shards and vocab.json from dir.
func Load(dir string) (*Encoder, error) { return LoadFS(os.DirFS(dir), dir) }

// LoadFS is Load from the root of fsys, so a build with the models compiled
// in (embed.FS) reads them without unpacking; where names fsys in errors.
func LoadFS(fsys fs.FS, where string) (*Encoder, error) {
	h := sha256.New()
	defs, weights, err := readModel(fsys, h)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	tok, err := readTokenizer(fsys, "vocab.json", h)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	g, err := compile(defs, weights)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", where, err)
	}
	e := &Encoder{tok: tok, g: g, name: "use-lite-" + hex.EncodeToString(h.Sum(nil))[:12]}
	e.arenas.New = func() any { return &arena{} }
	return e, nil
}

// Name identifies the model by a hash of its files, so vectors from
// different files never mix.
func (e *Encoder) Name() string { return e.name }

// Model is Name: the file hash already pins the model and its parameters.
func (e *Encoder) Model() string { return e.name }

// Dims is the embedding length, 512.
func (e *Encoder) Dims() int { return dims }

// Tokenize returns text's piece ids, before any windowing.
func (e *Encoder) Tokenize(text string) []int32 { return e.tok.Encode(text) }

// window is one graph row: a piece of a text's tokens.
type window struct {
	text int
	ids  []int32
}

// windows splits ids into ceil(n/MaxTokens) windows of near-equal length,
// so no window is a short tail that would outweigh its share in the mean.
// An empty text becomes one unknown token, which the graph masks out just
// like an empty row, so it still gets its (constant) vector.
func windows(ids []int32) [][]int32 {
	if len(ids) == 0 {
		return [][]int32{{0}}
	}
	k := (len(ids) + MaxTokens - 1) / MaxTokens
	out := make([][]int32, k)
	for w := range k {
		out[w] = ids[w*len(ids)/k : (w+1)*len(ids)/k]
	}
	return out
}

// Embed returns one unit vector per text. Texts longer than MaxTokens are
// embedded window by window and the windows' vectors averaged. Batches run
// on up to GOMAXPROCS goroutines; ctx is checked before each batch.
func (e *Encoder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	var rows []window
	for t, text := range texts {
		for _, ids := range windows(e.tok.Encode(text)) {
			rows = append(rows, window{t, ids})
		}
	}
	// Similar lengths batch together, so less padding is computed.
	slices.SortStableFunc(rows, func(a, b window) int { return cmp.Compare(len(a.ids), len(b.ids)) })

	batches := (len(rows) + batchSize - 1) / batchSize
	vecs := make([][]float32, batches)
	errs := make([]error, batches)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), batches) {
		wg.Go(func() {
			for b := int(next.Add(1) - 1); b < batches; b = int(next.Add(1) - 1) {
				if err := ctx.Err(); err != nil {
					errs[b] = fmt.Errorf("embed: %w", err)
					return
				}
				vecs[b], errs[b] = e.run(rows[b*batchSize : min((b+1)*batchSize, len(rows))])
				if errs[b] != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	sums := make([][]float64, len(texts))
	for r, w := range rows {
		if sums[w.text] == nil {
			sums[w.text] = make([]float64, dims)
		}
		b, k := r/batchSize, r%batchSize
		for j, v := range vecs[b][k*dims : (k+1)*dims] {
			sums[w.text][j] += float64(v)
		}
	}
	out := make([][]float32, len(texts))
	for t, s := range sums {
		out[t] = normalized(s)
	}
	return out, nil
}

// run evaluates the graph on one batch, returning B×512 values row-major.
func (e *Encoder) run(batch []window) ([]float32, error) {
	var n int
	for _, w := range batch {
		n += len(w.ids)
	}
	indices := make([]int32, 0, 2*n)
	values := make([]int32, 0, n)
	for r, w := range batch {
		for p, id := range w.ids {
			indices = append(indices, int32(r), int32(p))
			values = append(values, id)
		}
	}
	a := e.arenas.Get().(*arena)
	defer e.arenas.Put(a)
	out, err := e.g.run(a, map[string]*Tensor{
		"indices": newInt([]int{n, 2}, indices),
		"values":  newInt([]int{n}, values),
	})
	if err != nil {
		return nil, fmt.Errorf("evaluate USE-lite: %w", err)
	}
	if out.dt != dtFloat || !sameShape(out.shape, []int{len(batch), dims}) {
		return nil, fmt.Errorf("%w: output %s %v for %d texts", ErrGraph, out.dt, out.shape, len(batch))
	}
	vecs := slices.Clone(out.f)
	a.release(out)
	return vecs, nil
}

// normalized scales s to unit length as float32; the model's own output is
// already unit length, so this only matters for averaged windows.
func normalized(s []float64) []float32 {
	var ss float64
	for _, v := range s {
		ss += v * v
	}
	inv := 1 / math.Sqrt(max(ss, 1e-24))
	out := make([]float32, len(s))
	for k, v := range s {
		out[k] = float32(v * inv)
	}
	return out
}
