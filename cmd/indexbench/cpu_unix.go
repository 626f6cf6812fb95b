//go:build unix

package main

import (
	"syscall"
	"time"
)

// processCPU is the user+system CPU time this process has used; ok is
// false where the platform does not say.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
