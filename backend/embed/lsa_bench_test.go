package embed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// zipfTexts are chunk-sized texts of Zipf-distributed words, like the
// index benchmark's generated corpus.
func zipfTexts(n int) []string {
	r := rand.New(rand.NewPCG(1, 2))
	z := rand.NewZipf(r, 1.1, 1, 50000)
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for w := range 180 {
			if w > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "w%d", z.Uint64())
		}
		out[i] = b.String()
	}
	return out
}

func BenchmarkLSAEmbed(b *testing.B) {
	ctx := context.Background()
	texts := zipfTexts(2000)
	m, err := TrainLSA(ctx, texts, LSAOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := m.Embed(ctx, texts[:500]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTrainLSA(b *testing.B) {
	ctx := context.Background()
	texts := zipfTexts(4000)
	for b.Loop() {
		if _, err := TrainLSA(ctx, texts, LSAOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
