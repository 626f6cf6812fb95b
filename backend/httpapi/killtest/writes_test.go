package killtest

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"continuity/backend/session"
	"continuity/backend/session/sessiontest"
	"continuity/backend/store/pg"
	"continuity/backend/store/pg/pgtest"
	"continuity/backend/team"
)

type ackedEdit struct {
	row, value string
	version    int
}

func TestAKilledServerKeepsEveryAcknowledgedWriteWhole(t *testing.T) {
	ctx := context.Background()
	pgs, err := pgtest.Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer pgs.Stop()
	dbURL, err := pgs.NewDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ws, data := sampleCopy(t, dir), filepath.Join(dir, "data")
	wsID := prepare(t, ctx, data, ws)
	tokens := adminTokens(t, ctx, dbURL, 100) // one client each, as a team's would be
	args := []string{"--data", data, "--corpus", ws}
	srv := startServer(t, args, "--db", dbURL)

	var runAcks, editAcks atomic.Int32
	killed := make(chan struct{})
	var mu sync.Mutex
	var runs []string
	var edits []ackedEdit
	var wg sync.WaitGroup
	base := "/api/v1/workspaces/" + wsID
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				if sendRun(srv.base, tokens[i], base, i) {
					mu.Lock()
					runs = append(runs, runID(i))
					mu.Unlock()
					runAcks.Add(1)
				}
				return
			}
			if e, ok := editRow(srv.base, tokens[i], base, i); ok {
				mu.Lock()
				edits = append(edits, e)
				mu.Unlock()
				editAcks.Add(1)
			}
		}()
	}
	writersDone := make(chan struct{})
	go func() {
		defer close(killed)
		// mid-flight: some of each kind acknowledged, many still in the air
		for runAcks.Load() < 10 || editAcks.Load() < 3 {
			select {
			case <-writersDone:
				return
			case <-time.After(time.Millisecond):
			}
		}
		srv.kill9(t)
	}()
	wg.Wait()
	close(writersDone)
	<-killed
	t.Logf("acknowledged before SIGKILL: %d runs, %d golden edits of 100 writes", len(runs), len(edits))
	if len(runs) < 10 || len(edits) < 3 {
		t.Fatalf("only %d writes were acknowledged before any kill; the server said:\n%s", len(runs)+len(edits), srv.log)
	}
	if len(runs)+len(edits) >= 100 {
		t.Fatal("every write finished before the kill: the test killed nothing mid-flight")
	}

	srv = startServer(t, args, "--db", dbURL)
	defer srv.kill9(t)
	checkRuns(t, srv.base, tokens[0], base, runs)
	checkAudit(t, srv.base, tokens[0], len(runs), len(edits))
	srv.kill9(t)
	checkEdits(t, ctx, data, ws, edits)
}

func prepare(t *testing.T, ctx context.Context, data, ws string) string {
	t.Helper()
	s, err := session.Open(ctx, session.Options{DataDir: data, CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	id, err := sessiontest.ImportGolden(ctx, s, "sample")
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func adminTokens(t *testing.T, ctx context.Context, url string, n int) []string {
	t.Helper()
	db, err := pg.Open(ctx, url, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ts, err := team.Open(ctx, db, team.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	for i := range n {
		_, token, err := ts.AddUser(ctx, fmt.Sprintf("client-%03d", i), team.Admin, []string{team.AllWorkspaces})
		if err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, token)
	}
	return tokens
}

// sendRun records a run of three results; true when the server said 201.
func sendRun(srv, token, base string, i int) bool {
	id := runID(i)
	results := []map[string]any{}
	for q := range resultsPerRun {
		results = append(results, map[string]any{"run_id": id, "id": fmt.Sprintf("Q%03d", q+1), "question": "q", "reference": "r"})
	}
	run := map[string]any{"run_id": id, "golden_set": "sample", "status": "done", "started_at": time.Now().UTC().Format(time.RFC3339), "questions": resultsPerRun}
	for {
		switch call(srv, token, "POST", base+"/runs", map[string]any{"run": run, "results": results}, nil) {
		case 201:
			return true
		case 429:
			time.Sleep(time.Second) // the server's Retry-After
		default:
			return false
		}
	}
}

// editRow sets a value of its own in a row, re-reading on a conflict.
func editRow(srv, token, base string, i int) (ackedEdit, bool) {
	row, value := fmt.Sprintf("Q%03d", i%5+1), fmt.Sprintf("owner-%03d", i)
	for range 100 {
		var cur struct {
			Set struct {
				Version int `json:"version"`
			} `json:"set"`
		}
		switch call(srv, token, "GET", base+"/golden-sets/sample", nil, &cur) {
		case 200:
		case 429:
			time.Sleep(time.Second)
			continue
		default:
			return ackedEdit{}, false
		}
		var saved struct {
			Set struct {
				Version int `json:"version"`
			} `json:"set"`
		}
		switch call(srv, token, "PATCH", base+"/golden-sets/sample/rows/"+row, map[string]any{"base_version": cur.Set.Version, "field": "owner", "value": value}, &saved) {
		case 200:
			return ackedEdit{row: row, value: value, version: saved.Set.Version}, true
		case 409:
			continue
		case 429:
			time.Sleep(time.Second)
		default:
			return ackedEdit{}, false
		}
	}
	return ackedEdit{}, false
}

// resultsPerRun makes a run's upload big enough to be in flight at the kill.
const resultsPerRun = 300
