package check

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"continuity/backend/progress"
)

// Paragraphs are searched concurrently; the events must still reach the
// UI in count order, ending on the model stage at 0, or the Check view
// would show "searching 199/200" while the check waits on the model.
func TestCheckProgressEventsKeepTheirOrderUnderConcurrentSearches(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "Plan %d costs $%d a month.\n\n", i, i+1)
	}
	for round := range 20 {
		var (
			mu  sync.Mutex
			got []progress.Event
		)
		p := newCheckProgress(b.String(), func(e progress.Event) {
			mu.Lock()
			got = append(got, e)
			mu.Unlock()
		})
		p.model = true
		var wg sync.WaitGroup
		for range p.searchTotal {
			wg.Add(1)
			go func() { defer wg.Done(); p.searched() }()
		}
		wg.Wait()
		if len(got) != p.searchTotal+1 {
			t.Fatalf("round %d: %d events, want %d searches and the model stage", round, len(got), p.searchTotal+1)
		}
		for i, e := range got[:p.searchTotal] {
			if e.Stage != StageSearching || e.Done != i+1 {
				t.Fatalf("round %d: event %d is %+v, want searching %d/%d", round, i, e, i+1, p.searchTotal)
			}
		}
		if e := got[len(got)-1]; e.Stage != StageModel || e.Done != 0 {
			t.Fatalf("round %d: last event %+v, want the model stage at 0", round, e)
		}
	}
}
