//go:build windows

package retrieval

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// tryLock locks one byte far past the PID the file holds: Windows locks
// are mandatory, and a lock over the PID would stop a waiter reading it.
// Without LOCKFILE_EXCLUSIVE_LOCK the lock is shared (read-only opens).
func tryLock(f *os.File, exclusive bool) (bool, error) {
	ol := &windows.Overlapped{OffsetHigh: 1}
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	err := windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, ol)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return false, nil
	default:
		return false, err
	}
}
