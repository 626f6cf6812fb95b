package vector

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSearch50k is the exact scan the hybrid query pays at 50k chunks,
// for the LSA width (128), the old default (256) and USE-lite (512).
func BenchmarkSearch50k(b *testing.B) {
	for _, dim := range []int{128, 256, 512} {
		b.Run(fmt.Sprintf("d%d", dim), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 1))
			s := New("bench", dim)
			vec := func() []float32 {
				v := make([]float32, dim)
				for i := range v {
					v[i] = r.Float32() - 0.5
				}
				return v
			}
			for i := range 50000 {
				if err := s.Put(fmt.Sprint(i), vec()); err != nil {
					b.Fatal(err)
				}
			}
			q := vec()
			b.ResetTimer()
			for b.Loop() {
				if _, err := s.Search(q, 100); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
