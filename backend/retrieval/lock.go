package retrieval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ErrIndexBusy means another process kept the index's writer lock for
// longer than Options.LockWait. Nothing was changed or deleted.
var ErrIndexBusy = errors.New("index busy")

// DefaultLockWait is how long Open waits for another process to release
// the index: long enough for an ordinary sync of the other process to end,
// short enough that a blocked CLI run fails instead of hanging a CI job.
const DefaultLockWait = 30 * time.Second

// lockFile sits in the index dir beside (not inside) the bleve dir, so a
// rebuild that deletes the bleve dir never deletes the lock.
const lockFile = "continuity.lock"

const lockPoll = 100 * time.Millisecond

// dirLock is an OS advisory lock held from Open to Close. The OS releases
// it when the process dies, so a crashed sync never leaves a stale lock.
type dirLock struct{ f *os.File }

// acquireLock takes the lock on dir, polling until wait has passed or ctx
// is done. Every open that may write (a reader syncs first) takes it
// exclusively and records its PID; a read-only open (index --verify)
// shares it with other read-only opens and writes nothing, not even the
// lock file: with none, no index was ever opened there and there is
// nothing to lock (nil, nil).
func acquireLock(ctx context.Context, dir string, wait time.Duration, log *slog.Logger, readOnly bool) (*dirLock, error) {
	path := filepath.Join(dir, lockFile)
	flag := os.O_RDWR | os.O_CREATE
	if readOnly {
		flag = os.O_RDONLY
	}
	f, err := os.OpenFile(path, flag, 0o600)
	if readOnly && errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("index lock %s: %w", path, err)
	}
	deadline := time.Now().Add(wait)
	warned := false
	for {
		ok, err := tryLock(f, !readOnly)
		if errors.Is(err, errors.ErrUnsupported) {
			log.Warn("no file locking on this platform; do not run two Continuity processes on one data dir", "dir", dir)
			return &dirLock{f: f}, nil
		}
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("index lock %s: %w", path, err)
		}
		if ok {
			// The PID is only for the message another process prints.
			if !readOnly && f.Truncate(0) == nil {
				_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
			}
			return &dirLock{f: f}, nil
		}
		left := time.Until(deadline)
		if left <= 0 {
			f.Close()
			return nil, fmt.Errorf("%w: another Continuity process%s is updating the index at %s; try again when it has finished",
				ErrIndexBusy, ownerOf(path), dir)
		}
		if !warned {
			warned = true
			log.Warn("index busy: waiting for another Continuity process"+ownerOf(path), "dir", dir, "wait", wait.String())
		}
		t := time.NewTimer(min(lockPoll, left))
		select {
		case <-ctx.Done():
			t.Stop()
			f.Close()
			return nil, fmt.Errorf("waiting for the index lock at %s: %w", dir, ctx.Err())
		case <-t.C:
		}
	}
}

// ownerOf names the PID recorded by the lock's holder, or nothing when the
// holder has not written it yet.
func ownerOf(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return ""
	}
	return fmt.Sprintf(" (pid %d)", pid)
}

// release drops the lock. The file stays: removing it would let a third
// process lock a fresh file while a second still waits on the old one.
func (l *dirLock) release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := l.f.Close() // closing the descriptor releases the lock
	l.f = nil
	if err != nil {
		return fmt.Errorf("release index lock: %w", err)
	}
	return nil
}
