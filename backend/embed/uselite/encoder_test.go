package uselite

import (
	"context"
	"errors"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestWindows(t *testing.T) {
	seq := func(n int) []int32 {
		s := make([]int32, n)
		for k := range s {
			s[k] = int32(k + 1)
		}
		return s
	}
	cases := []struct {
		name string
		n    int
		want []int // window lengths
	}{
		{"empty text is one masked token", 0, []int{1}},
		{"short", 5, []int{5}},
		{"exactly one window", MaxTokens, []int{MaxTokens}},
		{"one over splits evenly", MaxTokens + 1, []int{64, 65}},
		{"three windows", 3*MaxTokens - 10, []int{124, 125, 125}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ids := seq(c.n)
			ws := windows(ids)
			var lens []int
			var joined []int32
			for _, w := range ws {
				lens = append(lens, len(w))
				joined = append(joined, w...)
			}
			if !slices.Equal(lens, c.want) {
				t.Errorf("window lengths %v, want %v", lens, c.want)
			}
			if c.n > 0 && !slices.Equal(joined, ids) {
				t.Error("windows do not cover the tokens in order")
			}
		})
	}
}

func TestEncoderIdentity(t *testing.T) {
	e := encoder(t)
	if !regexp.MustCompile(`^use-lite-[0-9a-f]{12}$`).MatchString(e.Name()) {
		t.Errorf("Name() = %q", e.Name())
	}
	if e.Model() != e.Name() {
		t.Errorf("Model() = %q, want Name()", e.Model())
	}
	if e.Dims() != 512 {
		t.Errorf("Dims() = %d", e.Dims())
	}
}

func TestEmbedEdgeCases(t *testing.T) {
	e := encoder(t)
	ctx := context.Background()
	long := strings.Repeat("The supplier shall deliver the goods on time. ", 40)
	cases := []struct {
		name  string
		texts []string
	}{
		{"no texts", nil},
		{"empty text", []string{""}},
		{"only unknown characters", []string{"中文字符"}},
		{"long text over several windows", []string{long}},
		{"more than one batch", benchSentences(2*batchSize + 3)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := e.Embed(ctx, c.texts)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(c.texts) {
				t.Fatalf("%d vectors for %d texts", len(got), len(c.texts))
			}
			for k, v := range got {
				var n float64
				for _, x := range v {
					n += float64(x) * float64(x)
				}
				if len(v) != dims || math.Abs(n-1) > 1e-5 {
					t.Errorf("vector %d: %d dims, squared norm %v", k, len(v), n)
				}
			}
		})
	}
}

// TestEmbedIndependentOfBatch: a text's vector does not depend on what it
// is batched with, to the bit: padding is masked exactly and every product
// sums a row's terms in the same order whatever the batch, so batchEnds may
// cut batches for speed alone.
func TestEmbedIndependentOfBatch(t *testing.T) {
	e := encoder(t)
	ctx := context.Background()
	texts := benchSentences(2*batchSize + 5)
	all, err := e.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	for k := range texts {
		one, err := e.Embed(ctx, texts[k:k+1])
		if err != nil {
			t.Fatal(err)
		}
		if d := maxDiff(one[0], all[k]); d != 0 {
			t.Errorf("text %d: alone and batched differ by %.3g", k, d)
		}
	}
}

func TestBatchEnds(t *testing.T) {
	rowsOf := func(lens ...int) []window {
		rows := make([]window, len(lens))
		for k, n := range lens {
			rows[k] = window{k, make([]int32, n)}
		}
		return rows
	}
	same := func(n, l int) []int {
		out := make([]int, n)
		for k := range out {
			out[k] = l
		}
		return out
	}
	cases := []struct {
		name string
		lens []int
		want []int
	}{
		{"no rows", nil, nil},
		{"one row", []int{5}, []int{1}},
		{"equal lengths fill whole batches", same(2*batchSize+1, 10), []int{batchSize, 2 * batchSize, 2*batchSize + 1}},
		{"a long tail gets its own batch", []int{5, 5, 5, 5, 100}, []int{4, 5}},
		{"near lengths share a batch", []int{10, 11, 11, 12}, []int{4}},
		{"full windows batch by tokens", same(20, MaxTokens), []int{8, 16, 20}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := batchEnds(rowsOf(c.lens...)); !slices.Equal(got, c.want) {
				t.Errorf("batchEnds(%v) = %v, want %v", c.lens, got, c.want)
			}
		})
	}
}

func TestEmbedCancelled(t *testing.T) {
	e := encoder(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Embed(ctx, []string{"hello"}); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// TestEmbedConcurrent runs Embed from several goroutines (meaningful under
// -race) and checks every caller gets the same vectors.
func TestEmbedConcurrent(t *testing.T) {
	e := encoder(t)
	ctx := context.Background()
	texts := benchSentences(batchSize + 3)
	want, err := e.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for g := range errs {
		wg.Go(func() {
			got, err := e.Embed(ctx, texts)
			if err != nil {
				errs[g] = err
				return
			}
			for k := range got {
				if !slices.Equal(got[k], want[k]) {
					errs[g] = errors.New("vectors differ between concurrent calls")
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
}

// TestBuildersMatchModelOps: the evaluator implements exactly the ops the
// shipped graph uses, no fewer (Load would fail) and no more (dead code).
func TestBuildersMatchModelOps(t *testing.T) {
	defs, _, err := readModel(os.DirFS(modelDir(t)), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, d := range defs {
		if d.Op != "Const" && d.Op != "Placeholder" {
			used[d.Op] = true
		}
	}
	for op := range builders {
		if !used[op] {
			t.Errorf("builder for %s, which the model does not use", op)
		}
	}
	for op := range used {
		if _, ok := builders[op]; !ok {
			t.Errorf("model uses %s, which has no builder", op)
		}
	}
}
