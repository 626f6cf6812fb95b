package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// waitFor polls until got() holds want, or fails after a minute.
func waitFor(t *testing.T, what, want string, got func() string) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(got(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s (%q) after a minute:\n%s", what, want, got())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Issue 29: `index --watch` held the writer lock for its whole life, so a
// check beside it waited 30 s and exited 2 "index busy". Now the watcher
// holds the lock only while it syncs: with a real watcher running on the
// workspace, idle, check and search run without waiting for it, and the
// watcher still syncs the next change after them.
func TestCheckBesideAnIdleWatcher(t *testing.T) {
	t.Parallel()
	data, ws := verifyWorkspace(t)
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, []string{"--data", data, "--corpus", ws, "index", "--watch"},
			IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	}()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != ExitOK {
			t.Errorf("watch exit %d\n%s", code, errb.String())
		}
	})
	waitFor(t, "watching line", "watching ", errb.String)
	time.Sleep(200 * time.Millisecond) // let it register its folders

	draft := writeDraft(t, "draft.md", "# Pricing\n\nThe pro plan costs 29 euros a month.\n")
	readers := []struct {
		name string
		args []string
	}{
		{"check", []string{"check", "--engine", "offline", draft}},
		{"search", []string{"search", "pro plan"}},
	}
	for _, r := range readers {
		start := time.Now()
		res := mainIn(t, data, ws, r.args...)
		took := time.Since(start)
		// Waiting at all logs "index busy: waiting"; the full wait is 30 s.
		if res.code == ExitError || strings.Contains(res.stderr, "index busy") || took > 20*time.Second {
			t.Fatalf("%s beside an idle watcher: exit %d after %s\n%s", r.name, res.code, took, res.stderr)
		}
	}

	page := filepath.Join(ws, "content", "tablets.md")
	goldenMust(t, os.WriteFile(page, []byte("---\nid: tablets\n---\n# Tablets\n\nTallyhub Go runs on tablets.\n"), 0o644))
	waitFor(t, "watched sync", "added 1", out.String)
	if res := mainIn(t, data, ws, "search", "--mode", "bm25", "tablets"); res.code != ExitOK || !strings.Contains(res.stdout, "tablets") {
		t.Fatalf("search after the watched sync: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}
