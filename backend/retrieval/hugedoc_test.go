package retrieval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"continuity/backend/embed"
	"continuity/backend/store"
)

// hugePage writes one Markdown page of about size bytes: sections of
// paragraphs whose sentences differ by number, so chunks and sentences
// are many and distinct, as in a long generated reference page.
func hugePage(t testing.TB, dir string, size int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("---\ntitle: Reference\n---\n")
	for s := 0; b.Len() < size; s++ {
		fmt.Fprintf(&b, "\n## Section %d\n\n", s)
		for p := range 6 {
			fmt.Fprintf(&b, "The plan %d-%d includes %d seats and costs %d dollars a month. Refunds of plan %d take %d days. Support answers within %d hours.\n\n",
				s, p, s%50+p, 10+s%90, s, p+3, s%24+1)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "huge.md"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// openHuge opens an index configured as the CLI's: sentences kept, their
// vectors deferred to after the sync.
func openHuge(t testing.TB) *Index {
	t.Helper()
	dataDir := filepath.Join(t.TempDir(), "data")
	db, err := store.OpenDir(context.Background(), dataDir)
	if err != nil {
		t.Fatal(err)
	}
	emb := embed.NewOffline()
	ix, err := Open(context.Background(), db, dataDir, Options{Embedder: emb, Sentences: true, SentenceEmbedder: emb, DeferSentences: true})
	if err != nil {
		db.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close(); db.Close() })
	return ix
}

// peakHeap runs f and returns the highest heap in use above the live heap
// before it, sampled every few milliseconds (a peak between samples is
// missed, so this errs low, never high).
func peakHeap(f func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var s runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			runtime.ReadMemStats(&s)
			peak = max(peak, s.HeapAlloc)
		}
	}()
	f()
	close(stop)
	wg.Wait()
	return peak - base
}

// TestSyncHugePageHeapIsBounded: indexing one 4 MB page stays within 20
// times its size. One bleve batch for all its chunks took about 37 times
// (147 MB here; 800 MB for a 19.5 MB page); bounded batches take about 16.
func TestSyncHugePageHeapIsBounded(t *testing.T) {
	const size = 4 << 20
	content := hugePage(t, filepath.Join(t.TempDir(), "content"), size)
	ix := openHuge(t)
	var rep Report
	var err error
	peak := peakHeap(func() { rep, err = ix.Sync(context.Background(), content, nil) })
	if err != nil {
		t.Fatal(err)
	}
	if rep.Added != 1 || rep.Chunks < 1000 {
		t.Fatalf("report %+v: want the page added in over 1,000 chunks", rep)
	}
	t.Logf("%d chunks, peak heap %d MB for a %d MB page", rep.Chunks, peak>>20, size>>20)
	if limit := uint64(20 * size); peak > limit {
		t.Errorf("peak heap %d MB over %d MB", peak>>20, limit>>20)
	}
	hits, err := ix.Search(context.Background(), "Refunds of plan 777", 5, BM25)
	if err != nil || len(hits) == 0 || !strings.Contains(hits[0].Text, "plan 777") {
		t.Fatalf("search after sync: %+v %v", hits, err)
	}
}

// BenchmarkSyncHugeDocument reports the time, allocations and peak heap
// of indexing one 4 MB page into an empty index.
func BenchmarkSyncHugeDocument(b *testing.B) {
	content := hugePage(b, filepath.Join(b.TempDir(), "content"), 4<<20)
	b.ReportAllocs()
	var worst uint64
	for b.Loop() {
		b.StopTimer()
		ix := openHuge(b)
		b.StartTimer()
		peak := peakHeap(func() {
			if _, err := ix.Sync(context.Background(), content, nil); err != nil {
				b.Fatal(err)
			}
		})
		worst = max(worst, peak)
	}
	b.ReportMetric(float64(worst)/(1<<20), "peak-heap-MB")
}
