package retrieval

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// A burst of saves is debounced into one sync that sees all of them, and
// the watcher follows files in a folder created while it runs.
func TestWatchDebouncesBurstIntoOneSync(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.write("a.md", "# A\n\nAnteaters eat ants.\n")
	f.sync()
	ctx, cancel := context.WithCancel(context.Background())
	type result struct {
		rep Report
		err error
	}
	results := make(chan result, 16)
	ready := make(chan struct{})
	watchErr := make(chan error, 1)
	go func() {
		close(ready)
		watchErr <- f.ix.Watch(ctx, f.content, 300*time.Millisecond, func(r Report, err error) { results <- result{r, err} }, nil)
	}()
	<-ready
	time.Sleep(200 * time.Millisecond) // let the watcher register its folders
	for i := range 3 {
		f.write(fmt.Sprintf("b%d.md", i), fmt.Sprintf("# B%d\n\nBurst document number %d about quokkas.\n", i, i))
	}
	f.write("a.md", "# A\n\nAnteaters eat termites as well.\n")
	var got result
	select {
	case got = <-results:
	case <-time.After(30 * time.Second):
		t.Fatal("no sync after the burst")
	}
	if got.err != nil {
		t.Fatal(got.err)
	}
	if got.rep.Added != 3 || got.rep.Updated != 1 || got.rep.Documents != 4 {
		t.Fatalf("one debounced sync should see the whole burst: %+v", got.rep)
	}
	hits, err := f.ix.Search(context.Background(), "quokkas burst", 5, BM25)
	if err != nil || len(hits) != 3 {
		t.Fatalf("after watch sync: %+v %v", hits, err)
	}
	cancel()
	if err := <-watchErr; err != nil {
		t.Fatalf("watch returned %v", err)
	}
}
