// Package lexicaltest damages a bleve index on disk the way a failing disk
// or a stray write does, for the regression tests of the packages above
// lexical (issue 29: random bytes at 10–40 KiB of a .zap segment).
package lexicaltest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// Damaged range of the segment, as in the reproduction.
const (
	from = 10 << 10
	to   = 40 << 10
)

// CorruptSegment overwrites bytes 10–40 KiB of the largest .zap segment
// under bleveDir with random bytes from seed, and returns its path. The
// largest segment is the one that holds most of the index, and the same
// seed writes the same bytes, so a test fails the same way every run. The
// segment must be larger than 40 KiB, as in the reproduction: the damage
// then lands in its postings and doc values, not in its footer (with a
// footer unreadable, bleve falls back to an older snapshot and reports
// nothing). A smaller one is an error, since a test that damaged the
// wrong bytes would pass for the wrong reason.
func CorruptSegment(bleveDir string, seed uint64) (string, error) {
	zaps, err := filepath.Glob(filepath.Join(bleveDir, "store", "*.zap"))
	if err != nil {
		return "", fmt.Errorf("find segments: %w", err)
	}
	var path string
	var size int64
	for _, z := range zaps {
		st, err := os.Stat(z)
		if err != nil {
			return "", fmt.Errorf("segment: %w", err)
		}
		if st.Size() > size || (st.Size() == size && z < path) {
			path, size = z, st.Size()
		}
	}
	if size <= to {
		return "", fmt.Errorf("no segment over %d bytes under %s (largest %d): index more text", to, bleveDir, size)
	}
	buf := make([]byte, to-from)
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return "", fmt.Errorf("open segment: %w", err)
	}
	if _, err := f.WriteAt(buf, from); err != nil {
		f.Close()
		return "", fmt.Errorf("corrupt segment %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return "", fmt.Errorf("corrupt segment %s: %w", path, err)
	}
	return path, nil
}
