package cache

import (
	"context"
	"testing"
)

// BenchmarkWarmHits is the re-index path: every vector already cached.
func BenchmarkWarmHits(b *testing.B) {
	c := openTest(b, Options{})
	f := newFake("uselite", "bench")
	f.dim = 512
	texts := names("chunk text number ", 1000)
	e := c.Wrap(f)
	if _, err := e.Embed(context.Background(), texts); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Embed(context.Background(), texts); err != nil {
			b.Fatal(err)
		}
	}
	if n := len(f.Calls()); n != 1 {
		b.Fatalf("%d inner calls, want only the priming one", n)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "ns/text")
}
