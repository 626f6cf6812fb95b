//go:build !unix

package main

import "time"

// processCPU is not measured here; throughput is then per wall second only.
func processCPU() (time.Duration, bool) { return 0, false }
