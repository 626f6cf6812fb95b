package uselite

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
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
	// batchSize sentences (windows) at most go through the graph at a time.
	batchSize = 16
	// batchCost is what one more graph evaluation costs, in padded tokens
	// (measured on one core: about 1.3 ms, against 0.12 ms per token).
	batchCost = 12
	// batchTokens bounds one batch's padded tokens: the activations grow
	// with them, and sixteen 128-token windows per goroutine put a pasted
	// 4,000-line list over 300 MB (docs/benchmarks.md). Sentences of up to
	// 64 tokens still batch sixteen at a time.
	batchTokens = 1024
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
func LoadFS(fsys fs.FS, where string) (*Encoder, error) { return loadFS(fsys, where, "") }

// LoadFSNamed is LoadFS for a caller that already named the files with
// NameFS and made sure they did not change since: it skips the hash.
func LoadFSNamed(fsys fs.FS, where, name string) (*Encoder, error) { return loadFS(fsys, where, name) }

func loadFS(fsys fs.FS, where, name string) (*Encoder, error) {
	var h hash.Hash
	sum := io.Discard
	if name == "" {
		h = sha256.New()
		sum = h
	}
	defs, weights, err := readModel(fsys, sum)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	tok, err := readTokenizer(fsys, "vocab.json", sum)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", where, err)
	}
	g, err := compile(defs, weights)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", where, err)
	}
	if h != nil {
		name = "use-lite-" + hex.EncodeToString(h.Sum(nil))[:12]
	}
	e := &Encoder{tok: tok, g: g, name: name}
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
	ends := batchEnds(rows)

	batches := len(ends)
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
				vecs[b], errs[b] = e.run(rows[batchStart(ends, b):ends[b]])
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
	for b, end := range ends {
		start := batchStart(ends, b)
		for r, w := range rows[start:end] {
			if sums[w.text] == nil {
				sums[w.text] = make([]float64, dims)
			}
			for j, v := range vecs[b][r*dims : (r+1)*dims] {
				sums[w.text][j] += float64(v)
			}
		}
	}
	out := make([][]float32, len(texts))
	for t, s := range sums {
		out[t] = normalized(s)
	}
	return out, nil
}

// batchEnds cuts rows, sorted by length, into batches of at most batchSize
// rows and batchTokens padded tokens, and returns where each ends. The cut minimises the tokens computed, every
// row padded to its batch's longest, plus batchCost per batch: one batch of
// sixteen 7- to 40-token sentences pads to 640 tokens for 385 real ones,
// while a few batches of similar lengths pad little. A row's vector does
// not depend on its batch (padding is masked exactly), only speed does.
func batchEnds(rows []window) []int {
	n := len(rows)
	cost := make([]int, n+1) // cost[j]: cheapest cut of rows[:j]
	from := make([]int, n+1) // from[j]: where the last batch of that cut starts
	for j := 1; j <= n; j++ {
		cost[j] = -1
		longest := len(rows[j-1].ids) // sorted: a batch ending here pads to it
		fit := min(batchSize, max(1, batchTokens/longest))
		for i := max(0, j-fit); i < j; i++ {
			c := cost[i] + batchCost + (j-i)*longest
			if cost[j] < 0 || c <= cost[j] { // ties: full batches first
				cost[j], from[j] = c, i
			}
		}
	}
	var ends []int
	for j := n; j > 0; j = from[j] {
		ends = append(ends, j)
	}
	slices.Reverse(ends)
	return ends
}

func batchStart(ends []int, b int) int {
	if b == 0 {
		return 0
	}
	return ends[b-1]
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
