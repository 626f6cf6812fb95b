package httpapi_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"continuity/backend/team"
)

// stream opens the workspace's event stream and sends its data lines of
// kind to the returned channel.
func stream(t *testing.T, token, kind string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", fx.http.URL+wsPath("/events"), nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = resp.Body.Close() })
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("events: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	out := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		current := ""
		for sc.Scan() {
			line := sc.Text()
			if k, ok := strings.CutPrefix(line, "event: "); ok {
				current = k
			}
			if d, ok := strings.CutPrefix(line, "data: "); ok && current == kind {
				out <- d
			}
		}
	}()
	return out
}

func TestARecordedRunReachesAnOpenStreamAtOnce(t *testing.T) {
	manager := user(t, team.Manager)
	runs := stream(t, user(t, team.Expert), "run")
	// the server subscribes the stream before it answers, so no sleep is needed here
	id := fmt.Sprintf("ci-%d", time.Now().UnixNano())
	upload := map[string]any{
		"run": map[string]any{"run_id": id, "status": "done", "golden_set": "sample", "engine": "offline",
			"started_at": "2026-12-01T10:00:00Z", "finished_at": "2026-12-01T10:01:00Z", "questions": 1},
		"results": []map[string]any{{"run_id": id, "id": "Q001", "category": "routine", "question": "q", "answer": "a", "scores": map[string]any{}}},
	}
	sent := time.Now()
	var body map[string]any
	if code := do(t, fx.http.URL, manager, "POST", wsPath("/runs"), upload, &body); code != 201 {
		t.Fatalf("record a run: %d %v", code, body)
	}
	select {
	case d := <-runs:
		if !strings.Contains(d, id) || !strings.Contains(d, `"golden_set":"sample"`) {
			t.Fatalf("event %s, want run %s of sample", d, id)
		}
		t.Logf("event %s after %s", d, time.Since(sent).Round(time.Millisecond))
	case <-time.After(2 * time.Second):
		t.Fatal("no run event within 2 s of the run's record")
	}
}

func TestAStreamOfAnotherWorkspaceIsRefused(t *testing.T) {
	other := user(t, team.Manager, "another-workspace")
	if code := do(t, fx.http.URL, other, "GET", wsPath("/events"), nil, nil); code != http.StatusForbidden {
		t.Fatalf("events of a workspace not granted: %d, want 403", code)
	}
}
