package uselite

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestGemmPacked checks the blocked AVX2/FMA product against a float64
// product on sizes that straddle the micro-tile (6×16, 6×32) and block (96
// rows, 256 k) edges, with a and c inside wider rows. Where the CPU has
// AVX-512 it runs twice: with the 32-column kernel, then with the 16-column
// one alone, as on a CPU with AVX2 only.
func TestGemmPacked(t *testing.T) {
	if !haveFMA {
		t.Skip("no AVX2/FMA on this CPU: products go through gonum")
	}
	r := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		name       string
		m, k, n    int
		transposed bool
		pad        int // extra floats at the end of every a and c row
	}{
		{"one tile", 6, 8, 16, false, 0},
		{"ragged everything", 7, 5, 17, false, 0},
		{"single row and column", 1, 3, 1, false, 0},
		{"k across blocks", 13, 600, 40, false, 0},
		{"rows across blocks", 200, 64, 48, false, 0},
		{"transposed b (q·kᵀ)", 40, 64, 40, true, 0},
		{"strided rows", 11, 20, 33, false, 5},
		{"empty k", 4, 0, 9, false, 0},
		{"weight shaped", 97, 512, 96, true, 0},
	}
	defer func(v bool) { have512 = v }(have512)
	for _, wide := range []bool{have512, false} {
		have512 = wide
		for n, c := range cases {
			withBias := n%2 == 1 // every other case folds a BiasAdd in
			t.Run(fmt.Sprintf("%s avx512=%v bias=%v", c.name, wide, withBias), func(t *testing.T) {
				lda, ldc := c.k+c.pad, c.n+c.pad
				a := randTensor(r, []int{c.m, lda}, 0.2).f
				b := randTensor(r, []int{c.k, c.n}, 0).f
				bIn := b
				if c.transposed {
					bIn = transpose2(b, c.k, c.n).f
				}
				out := make([]float32, c.m*ldc)
				for k := range out {
					out[k] = float32(math.NaN()) // every element must be written
				}
				pb := packInto(nil, bIn, c.k, c.n, c.transposed)
				bias := make([]float32, c.n)
				if withBias {
					bias = randTensor(r, []int{c.n}, 0).f
					pb = pb.withBias(bias)
				}
				gemmPacked(c.m, a, lda, pb, out, ldc)
				for i := range c.m {
					for j := range c.n {
						want, mag := float64(bias[j]), math.Abs(float64(bias[j]))
						for p := range c.k {
							v := float64(a[i*lda+p]) * float64(b[p*c.n+j])
							want += v
							mag += math.Abs(v)
						}
						got := float64(out[i*ldc+j])
						if d := math.Abs(got - want); !(d <= 1e-6*max(mag, 1)) {
							t.Fatalf("c[%d][%d] = %v, want %v", i, j, got, want)
						}
					}
				}
			})
		}
	}
}

// TestGemmSparseFMA checks the zero-skipping AVX2/FMA product against a
// float64 product, including rows with no non-zeros at all.
func TestGemmSparseFMA(t *testing.T) {
	if !haveFMA {
		t.Skip("no AVX2/FMA on this CPU: products go through gonum")
	}
	r := rand.New(rand.NewPCG(5, 6))
	cases := []struct {
		name     string
		m, k, n  int
		zeroFrac float64
	}{
		{"one strip", 3, 10, 64, 0.9},
		{"relu shaped", 40, 1536, 512, 0.93},
		{"all zero", 5, 20, 128, 1},
		{"dense", 4, 7, 192, 0},
	}
	var s sparseScratch // shared, as the arena shares it between calls
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := randTensor(r, []int{c.m, c.k}, c.zeroFrac).f
			b := randTensor(r, []int{c.k, c.n}, 0).f
			out := make([]float32, c.m*c.n)
			for k := range out {
				out[k] = float32(math.NaN())
			}
			gemmSparseFMA(&s, c.m, c.n, c.k, a, b, out)
			for i := range c.m {
				for j := range c.n {
					var want, mag float64
					for p := range c.k {
						v := float64(a[i*c.k+p]) * float64(b[p*c.n+j])
						want += v
						mag += math.Abs(v)
					}
					if d := math.Abs(float64(out[i*c.n+j]) - want); !(d <= 1e-6*max(mag, 1)) {
						t.Fatalf("c[%d][%d] = %v, want %v", i, j, out[i*c.n+j], want)
					}
				}
			}
		})
	}
}

// TestFoldBiasesBitIdentical: folding the BiasAdds into the products they
// read changes no bit of any vector, and does fold on this model.
func TestFoldBiasesBitIdentical(t *testing.T) {
	if !haveFMA {
		t.Skip("no AVX2/FMA on this CPU: biases are not folded")
	}
	folded := encoder(t)
	var n int
	for _, node := range folded.g.nodes {
		if node.def.Op == "BiasAdd" && node.view {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no BiasAdd folded")
	}
	foldBiasAdds = false
	plain, err := Load(modelDir(t))
	foldBiasAdds = true
	if err != nil {
		t.Fatal(err)
	}
	texts := append(benchSentences(20), "", "x", strings.Repeat("long text ", 200))
	want, err := plain.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	got, err := folded.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	for k := range texts {
		if d := maxDiff(got[k], want[k]); d != 0 {
			t.Errorf("text %d: folded and plain differ by %.3g", k, d)
		}
	}
	t.Logf("%d BiasAdds folded", n)
}
