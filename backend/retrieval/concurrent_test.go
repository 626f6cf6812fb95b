package retrieval

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const lockChildEnv = "CONTINUITY_INDEX_LOCK_CHILD"

// TestLockChild is a second Continuity process for the tests below; it
// does nothing unless started by one of them. Spec: mode|dataDir|content|hold.
// "sync" syncs, keeps the index open for hold, then closes it; "hold"
// syncs, keeps the index open until stdin closes, then checks it.
func TestLockChild(t *testing.T) {
	spec := os.Getenv(lockChildEnv)
	if spec == "" {
		t.Skip("only runs as a child process of the lock tests")
	}
	parts := strings.Split(spec, "|")
	mode, dataDir, content := parts[0], parts[1], parts[2]
	hold, err := time.ParseDuration(parts[3])
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	ix, err := Open(ctx, openStore(t, dataDir), dataDir, Options{LockWait: time.Minute})
	if errors.Is(err, ErrIndexBusy) {
		fmt.Println("busy")
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("synced added=%d unchanged=%d repairs=%q\n", rep.Added, rep.Unchanged, ix.Repairs)
	if mode == "hold" {
		fmt.Println("ready")
		_, _ = io.Copy(io.Discard, os.Stdin)
		n, err := ix.lex.Count()
		hits, serr := ix.Search(ctx, "Serial marker zq3x appears only here", 1, BM25)
		if err != nil || serr != nil || int(n) != rep.Chunks || len(hits) == 0 || hits[0].DocID != "d003.md" {
			t.Fatalf("index damaged while held: %d of %d chunks (%v), hits %+v (%v)", n, rep.Chunks, err, hits, serr)
		}
		fmt.Println("intact")
		return
	}
	time.Sleep(hold)
}

func lockChild(mode, dataDir, content string, hold time.Duration) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockChild$", "-test.v")
	cmd.Env = append(os.Environ(), lockChildEnv+"="+strings.Join([]string{mode, dataDir, content, hold.String()}, "|"))
	return cmd
}

func writeCrashDocs(t *testing.T, content string, n int) {
	t.Helper()
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(content, fmt.Sprintf("d%03d.md", i)), []byte(crashDoc(i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Two processes syncing one data dir at once: the second waits for the
// first, neither "repairs" (deletes) the other's live index, and the
// result is consistent. Each holds the index open for longer than bleve's
// own 2 s lock timeout, the wait that used to be taken for corruption.
func TestTwoProcessesSyncOneDataDir(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dataDir, content := filepath.Join(root, "data"), filepath.Join(root, "content")
	const n = 60
	writeCrashDocs(t, content, n)
	outs := make([]string, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range outs {
		wg.Go(func() {
			out, err := lockChild("sync", dataDir, content, 3*time.Second).CombinedOutput()
			outs[i], errs[i] = string(out), err
		})
	}
	wg.Wait()
	synced := 0
	for i, out := range outs {
		if errs[i] != nil {
			t.Fatalf("process %d: %v\n%s", i, errs[i], out)
		}
		if strings.Contains(out, "busy") {
			continue // allowed: the other process held the index past the wait
		}
		synced++
		if !strings.Contains(out, "repairs=[]") {
			t.Errorf("process %d repaired a live index:\n%s", i, out)
		}
	}
	if synced == 0 {
		t.Fatalf("neither process synced:\n%s\n%s", outs[0], outs[1])
	}
	ctx := context.Background()
	ix, err := Open(ctx, openStore(t, dataDir), dataDir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if len(ix.Repairs) != 0 {
		t.Errorf("index left needing repair: %q", ix.Repairs)
	}
	rep, err := ix.Sync(ctx, content, nil)
	if err != nil || rep.Unchanged != n || rep.Added+rep.Updated+rep.Removed != 0 {
		t.Fatalf("sync after both: %+v %v", rep, err)
	}
	if c, err := ix.lex.Count(); err != nil || int(c) != rep.Chunks || ix.vecs.Len() != rep.Chunks {
		t.Errorf("caches out of step: lexical %d (%v), vectors %d, registry %d", c, err, ix.vecs.Len(), rep.Chunks)
	}
}

// bleveFiles lists the bleve dir's files with their sizes.
func bleveFiles(t *testing.T, dataDir string) []string {
	t.Helper()
	var out []string
	dir := filepath.Join(dataDir, "index", "bleve")
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %d", strings.TrimPrefix(p, dir), fi.Size()))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// An index held by another process is refused as busy and left alone.
func TestBusyIndexOfAnotherProcessIsNotDeleted(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dataDir, content := filepath.Join(root, "data"), filepath.Join(root, "content")
	writeCrashDocs(t, content, 20)
	cmd := lockChild("hold", dataDir, content, 0)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() && sc.Text() != "ready" {
		lines = append(lines, sc.Text())
	}
	before := bleveFiles(t, dataDir)
	ctx := context.Background()
	db := openStore(t, dataDir)
	ix, err := Open(ctx, db, dataDir, Options{LockWait: 2500 * time.Millisecond})
	after := bleveFiles(t, dataDir)
	stdin.Close()
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	werr := cmd.Wait()
	out := strings.Join(lines, "\n")
	if err == nil {
		ix.Close()
		t.Fatalf("opened an index another process holds; child:\n%s", out)
	}
	want := fmt.Sprintf("index busy: another Continuity process (pid %d) is updating the index at %s", cmd.Process.Pid, filepath.Join(dataDir, "index"))
	if !errors.Is(err, ErrIndexBusy) || !strings.Contains(err.Error(), want) {
		t.Errorf("open of a held index: %v\nwant ErrIndexBusy with %q", err, want)
	}
	if !slices.Equal(before, after) || len(before) == 0 {
		t.Errorf("bleve files changed by the refused open:\nbefore %q\nafter  %q", before, after)
	}
	if werr != nil || !strings.Contains(out, "intact") {
		t.Fatalf("holder's index damaged: %v\n%s", werr, out)
	}
	ix, err = Open(ctx, db, dataDir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if len(ix.Repairs) != 0 {
		t.Errorf("repairs after the holder exited: %q", ix.Repairs)
	}
}
