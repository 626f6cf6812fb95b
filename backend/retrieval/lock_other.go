//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd || windows)

package retrieval

import (
	"errors"
	"os"
)

// tryLock has no OS lock to take here; acquireLock warns and goes on.
func tryLock(*os.File, bool) (bool, error) { return false, errors.ErrUnsupported }
