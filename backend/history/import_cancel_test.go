package history

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"continuity/backend/progress"
)

func TestImportCancelKeepsWhatWasRead(t *testing.T) {
	g := newGitRepo(t)
	v := policy
	g.write("content/policies.md", v)
	g.commit("2026-01-01T09:00:00Z", "Start")
	for d := 15; d <= 24; d++ {
		v = strings.Replace(v, fmt.Sprintf("within %d days", d-1), fmt.Sprintf("within %d days", d), 1)
		g.write("content/policies.md", v)
		g.commit(fmt.Sprintf("2026-02-%dT09:00:00Z", d), fmt.Sprintf("Day %d", d))
	}
	ix := openIndex(t)
	ctx, cancel := context.WithCancel(context.Background())
	seen := 0
	_, err := Import(ctx, ix, g.content(), Options{BatchCommits: 2, Progress: func(progress.Event) {
		seen++
		if seen == 5 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled import: %v", err)
	}
	m, err := ix.HistoryMark(context.Background(), g.content())
	if err != nil || m.Head != "" || m.Done != 5 {
		t.Fatalf("mark after cancel %+v, %v; want 5 commits done", m, err)
	}
	rep, err := Import(context.Background(), ix, g.content(), Options{})
	if err != nil || rep.Commits != 6 {
		t.Fatalf("resumed import %+v, %v; want the 6 commits left", rep, err)
	}
	if all, _ := Changes(context.Background(), ix, g.content(), ""); len(all) != 10 {
		t.Fatalf("%d changes after resuming, want 10", len(all))
	}
}
