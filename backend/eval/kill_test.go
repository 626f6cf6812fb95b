package eval

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"continuity/backend/store"
)

const killRunID = "run-killed"

// slowRetriever makes the child run long enough to be killed mid-way.
type slowRetriever struct{ *fakeCorpus }

func (s slowRetriever) Search(ctx context.Context, q string, k int) ([]Passage, error) {
	select {
	case <-time.After(80 * time.Millisecond):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return s.fakeCorpus.Search(ctx, q, k)
}

// TestResumeAfterKill runs an evaluation in a child process, SIGKILLs it
// once some results are saved, and resumes the run in this process.
func TestResumeAfterKill(t *testing.T) {
	corpus, qs := newFakeCorpus(54, 7) // 60 questions
	if dbPath := os.Getenv("EVAL_KILL_CHILD_DB"); dbPath != "" {
		db, err := store.Open(context.Background(), dbPath)
		if err != nil {
			t.Fatal(err)
		}
		st, err := OpenStore(context.Background(), db, "ws-test")
		if err != nil {
			t.Fatal(err)
		}
		r, _ := NewRunner(st, Deps{Retriever: slowRetriever{corpus}, Answerer: NewOfflineAnswerer()}, Config{Concurrency: 1})
		_, err = r.Start(context.Background(), Run{ID: killRunID, GoldenSet: "s"}, qs, nil)
		t.Fatalf("child finished instead of being killed: %v", err)
	}
	if testing.Short() {
		t.Skip("spawns a child process")
	}
	dbPath := filepath.Join(t.TempDir(), "eval.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestResumeAfterKill$")
	cmd.Env = append(os.Environ(), "EVAL_KILL_CHILD_DB="+dbPath)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()

	ctx := context.Background()
	var st *Store
	saved := 0
	for saved < 5 {
		select {
		case err := <-exited:
			t.Fatalf("child exited before the kill: %v", err)
		case <-time.After(20 * time.Millisecond):
		}
		if st == nil {
			if _, err := os.Stat(dbPath); err != nil {
				continue
			}
			db, err := store.Open(ctx, dbPath)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			// the child migrates; migrating here too would race it across processes
			if v, err := db.SchemaVersion(ctx, "eval"); err != nil || v < len(migrations) {
				db.Close()
				continue
			}
			if st, err = OpenStore(ctx, db, "ws-test"); err != nil {
				t.Fatal(err)
			}
		}
		res, err := st.Results(ctx, killRunID)
		if err == nil {
			saved = len(res)
		}
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL: no deferred cleanup runs in the child
		t.Fatal(err)
	}
	if err := <-exited; err == nil {
		t.Fatal("the killed child exited cleanly; the run was not interrupted")
	}

	run, err := st.Run(ctx, killRunID)
	if err != nil || run.Status != StatusRunning {
		t.Fatalf("killed run: %+v, %v; want it left as running", run, err)
	}
	before, _ := st.Results(ctx, killRunID)
	if len(before) >= len(qs) {
		t.Fatalf("child saved all %d results before the kill", len(before))
	}
	counting := &cancellingRetriever{fakeCorpus: corpus, after: -1, cancel: func() {}}
	r, _ := NewRunner(st, Deps{Retriever: counting, Answerer: NewOfflineAnswerer()}, Config{})
	run, err = r.Resume(ctx, killRunID, "", qs, nil)
	if err != nil || run.Status != StatusDone {
		t.Fatalf("resume: %v, %s", err, run.Status)
	}
	after, _ := st.Results(ctx, killRunID)
	if len(after) != len(qs) {
		t.Fatalf("after resume %d results, want %d", len(after), len(qs))
	}
	if got, want := counting.n.Load(), int64(len(qs)-len(before)); got != want {
		t.Fatalf("resume evaluated %d questions, want the %d unfinished", got, want)
	}
}
