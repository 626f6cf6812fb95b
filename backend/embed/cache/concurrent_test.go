package cache

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

// run embeds overlapping windows of texts from many goroutines, checking
// every result, and returns the first failure.
func run(handles []*Cache, fakes []*fakeEmbedder, texts []string, workers, rounds int) error {
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			h := w % len(handles)
			e := handles[h].Wrap(fakes[h])
			for r := range rounds {
				start := (w*7 + r*5) % len(texts)
				batch := slices.Concat(texts[start:min(start+12, len(texts))], texts[:w%4])
				got, err := e.Embed(context.Background(), batch)
				if err != nil {
					errs <- fmt.Errorf("worker %d round %d: %w", w, r, err)
					return
				}
				for i, text := range batch {
					want := reference(fakes[h].name, fakes[h].model, text, fakes[h].dim)
					if !slices.Equal(got[i], want) {
						errs <- fmt.Errorf("worker %d round %d: wrong vector for %q", w, r, text)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

func TestConcurrentEmbedsShareOneCache(t *testing.T) {
	t.Parallel()
	log, buf := newLog()
	c := openTest(t, Options{Log: log})
	f := newFake("fake", "m1")
	texts := names("text", 40)
	if err := run([]*Cache{c}, []*fakeEmbedder{f}, texts, 16, 6); err != nil {
		t.Fatal(err)
	}
	before := f.computed()
	mustEmbed(t, c.Wrap(f), f, texts)
	if f.computed() != before {
		t.Errorf("a warm call over every text computed %d more", f.computed()-before)
	}
	if before > 16*len(texts) {
		t.Errorf("computed %d vectors for %d texts; concurrent misses should overlap far less", before, len(texts))
	}
	if n := buf.count(degraded); n != 0 {
		t.Errorf("%d degraded calls under concurrency:\n%s", n, buf)
	}
	if kept, real := storedBytes(t, c); kept != real {
		t.Errorf("total kept as %d, rows hold %d", kept, real)
	}
}

// Two handles stand in for two processes: each has its own connections and
// SQLite does the locking between them.
func TestTwoHandlesOnOneFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), FileName)
	cases := []struct {
		name     string
		maxBytes int64
	}{
		{"unbounded", 0},
		{"evicting while both write", 20 * 32}, // 20 of the 60 vectors of 8 floats
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := path + "." + fmt.Sprint(tc.maxBytes)
			log, buf := newLog()
			a := openAt(t, path, Options{MaxBytes: tc.maxBytes, Log: log})
			b := openAt(t, path, Options{MaxBytes: tc.maxBytes, Log: log})
			fa, fb := newFake("fake", "m1"), newFake("fake", "m1")
			shared := names("shared", 10)
			mustEmbed(t, a.Wrap(fa), fa, shared)
			mustEmbed(t, b.Wrap(fb), fb, shared)
			if n := len(fb.Calls()); n != 0 {
				t.Errorf("second handle made %d inner calls for vectors the first stored", n)
			}
			if err := run([]*Cache{a, b}, []*fakeEmbedder{fa, fb}, names("text", 60), 8, 8); err != nil {
				t.Fatal(err)
			}
			if n := buf.count(degraded); n != 0 {
				t.Errorf("%d degraded calls with two handles:\n%s", n, buf)
			}
			kept, real := storedBytes(t, a)
			if kept != real || tc.maxBytes > 0 && kept > tc.maxBytes {
				t.Errorf("total kept as %d, rows hold %d, bound %d", kept, real, tc.maxBytes)
			}
		})
	}
}
