package app

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The desktop watches its workspace's folder; after a switch it watches
// the new one, so an edit there is searched at once and never missed.
func TestDesktopWatchFollowsTheWorkspace(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	rec := &recorder{}
	a, b := shippingWorkspace(t), shippingWorkspace(t)
	svc := desktop(t, rec, a)
	c := svc.Corpus.c
	c.watchContent()
	t.Cleanup(c.stopWatching)
	if c.watch.stop == nil {
		t.Fatal("the watcher did not start")
	}
	found := func(q, doc string) bool {
		t.Helper()
		res, err := svc.Corpus.Search(q, 5)
		mustOK(t, err)
		for _, h := range res.BM25 {
			if h.DocID == doc {
				return true
			}
		}
		return false
	}
	if !found("orders ship", "help-shipping") {
		t.Fatal("the workspace's page is not found")
	}
	_, err := svc.Corpus.SwitchWorkspace(b)
	mustOK(t, err)
	c.jobs.wait()
	page := "---\nid: help-returns\nstatus: published\n---\n# Returns\n\nReturns are accepted for forty-five days.\n"
	mustOK(t, os.WriteFile(filepath.Join(b, "content", "returns.md"), []byte(page), 0o644))
	deadline := time.Now().Add(5 * time.Second)
	for !found("returns accepted forty-five", "help-returns") {
		if time.Now().After(deadline) {
			t.Fatal("a page written in the new workspace after the switch is never searched")
		}
		time.Sleep(50 * time.Millisecond)
	}
	c.stopWatching()
	c.stopWatching() // idempotent
}
