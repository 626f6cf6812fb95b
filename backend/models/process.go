package models

import (
	"io/fs"
	"sync"
)

// process holds what the whole process shares about models. The claim
// engine loads its word models once per process with no data dir at hand
// (claims.DefaultResources), so the session says which data dir it opened,
// and main says which models, if any, the binary carries.
var process struct {
	mu       sync.RWMutex
	dataDir  string
	embedded fs.FS
}

// SetDataDir records the data dir the process's session opened; lookups
// given no data dir then look in its models/ too, so models installed
// there with `continuity models install` are found by every engine.
func SetDataDir(dir string) {
	process.mu.Lock()
	defer process.mu.Unlock()
	process.dataDir = dir
}

func processDataDir() string {
	process.mu.RLock()
	defer process.mu.RUnlock()
	return process.dataDir
}

// SetEmbedded records the models compiled into the binary: fsys holds
// use-lite/, glove/ and wordnet/ at its root, laid out like models/.
// They are found after every folder, so an installed or source-tree copy
// can replace them without a rebuild; nil turns them off.
func SetEmbedded(fsys fs.FS) {
	process.mu.Lock()
	defer process.mu.Unlock()
	process.embedded = fsys
}

// Embedded is the models compiled into the binary, nil when there are none.
func Embedded() fs.FS {
	process.mu.RLock()
	defer process.mu.RUnlock()
	return process.embedded
}
