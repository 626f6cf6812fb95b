// Package progress is the leaf type every long job reports through, so
// backend packages never see Wails or a terminal.
package progress

import (
	"sync"
	"time"
)

// Event is one progress report.
type Event struct {
	Stage   string // short verb phrase: "loading", "embedding", "indexing"
	Done    int
	Total   int    // 0 when unknown
	Message string // optional detail, e.g. the current file
}

// Func receives events. A nil Func is valid and ignores them.
type Func func(Event)

// Report calls f when it is not nil.
func (f Func) Report(e Event) {
	if f != nil {
		f(e)
	}
}

// Throttle forwards at most one event per interval, always forwarding a
// stage change and the final event of a stage (Done == Total), so a UI sees
// every stage and the end without being flooded.
func Throttle(f Func, every time.Duration) Func {
	if f == nil {
		return nil
	}
	var (
		mu    sync.Mutex
		last  time.Time
		stage string
	)
	// f is called under the lock: two events passing at once must reach
	// the UI in the order they passed, or a stage change could be undone.
	return func(e Event) {
		mu.Lock()
		defer mu.Unlock()
		now := time.Now()
		if e.Stage != stage || (e.Total > 0 && e.Done >= e.Total) || now.Sub(last) >= every {
			last, stage = now, e.Stage
			f(e)
		}
	}
}
