package retrieval

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/progress"
	"continuity/backend/store"
)

const crashEnv = "CONTINUITY_INDEX_CRASH_CHILD"

// TestCrashChild is the process the crash test kills; it does nothing
// unless started by TestSyncKilledMidwayIsRepaired.
func TestCrashChild(t *testing.T) {
	spec := os.Getenv(crashEnv)
	if spec == "" {
		t.Skip("only runs as the crash test's child process")
	}
	dataDir, content, _ := strings.Cut(spec, "|")
	ctx := context.Background()
	db, err := store.OpenDir(ctx, dataDir)
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Open(ctx, db, dataDir, Options{BatchDocs: 5})
	if err != nil {
		t.Fatal(err)
	}
	_, err = ix.Sync(ctx, content, func(e progress.Event) {
		fmt.Printf("progress %s %d\n", e.Stage, e.Done)
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("finished")
}

func crashDoc(i int) string {
	return fmt.Sprintf("# Doc %d\n\nSerial marker zq%dx appears only here, with filler about topic %d.\n", i, i, i%7)
}

func TestSyncKilledMidwayIsRepaired(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dataDir, content := filepath.Join(root, "data"), filepath.Join(root, "content")
	const n = 400
	for i := range n {
		p := filepath.Join(content, fmt.Sprintf("d%03d.md", i))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(crashDoc(i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.v")
	cmd.Env = append(os.Environ(), crashEnv+"="+dataDir+"|"+content)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	killed := false
	for sc.Scan() {
		var done int
		if _, err := fmt.Sscanf(sc.Text(), "progress indexing %d", &done); err == nil && done >= 100 {
			_ = cmd.Process.Kill() // SIGKILL on Unix; the child may have exited already
			killed = true
			break
		}
		if strings.Contains(sc.Text(), "finished") {
			break
		}
	}
	_ = cmd.Wait() // killed: the exit status is an error by design
	if !killed {
		t.Fatal("child finished before it could be killed")
	}
	ctx := context.Background()
	db, err := store.OpenDir(ctx, dataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ix, err := Open(ctx, db, dataDir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if len(ix.Repairs) == 0 {
		t.Fatal("interrupted sync not detected")
	}
	st, err := ix.Stats(ctx)
	if err != nil || st.Documents < 100 || st.Documents >= n {
		t.Fatalf("after crash: %+v %v", st, err)
	}
	if c, _ := ix.lex.Count(); int(c) != st.Chunks || ix.vecs.Len() != st.Chunks {
		t.Fatalf("caches out of step: lexical %d vectors %d registry %d", c, ix.vecs.Len(), st.Chunks)
	}
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil || rep.Documents != n || rep.Added != n-st.Documents {
		t.Fatalf("resync %+v %v", rep, err)
	}
	for _, i := range []int{0, 150, n - 1} {
		for _, m := range []Mode{BM25, Hybrid} {
			hits, err := ix.Search(ctx, fmt.Sprintf("Serial marker zq%dx appears only here", i), 3, m)
			want := fmt.Sprintf("d%03d.md", i)
			if err != nil || len(hits) == 0 || hits[0].DocID != want {
				t.Errorf("%s search for doc %d: %+v %v", m, i, hits, err)
			}
		}
	}
}
