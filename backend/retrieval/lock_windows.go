//go:build windows

package retrieval

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// tryLock locks one byte far past the PID the file holds: Windows locks
// are mandatory, and a lock over the PID would stop a waiter reading it.
func tryLock(f *os.File) (bool, error) {
	ol := &windows.Overlapped{OffsetHigh: 1}
	err := windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION):
		return false, nil
	default:
		return false, err
	}
}
