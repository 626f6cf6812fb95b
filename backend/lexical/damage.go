package lexical

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/blevesearch/bleve/v2"
)

// ErrDamaged means the index's files are corrupt: bleve panicked reading
// them (a damaged segment makes zapx index past its buffers, e.g.
// "makeslice: len out of range"). It is an error, not a crash, so the
// caller can say how to rebuild the index; retrying cannot help.
var ErrDamaged = errors.New("lexical index damaged")

// guard turns a panic inside bleve into an ErrDamaged error in *err and
// marks ix damaged, so later calls fail the same way instead of reading
// the corrupt segment again. Every method that calls into bleve defers it:
// bleve runs on the caller's goroutine there, and a panic on it would
// otherwise end the process, whatever the command. With no ix, the panic
// came from an open (see leaks).
func guard(dir string, ix *Index, err *error) {
	r := recover()
	if r == nil {
		return
	}
	if ix != nil {
		ix.damaged.Store(true)
	} else {
		noteLeak(dir)
	}
	*err = fmt.Errorf("%w: %s: bleve failed reading it: %v", ErrDamaged, dir, r)
}

// leaks holds, per index dir, the root.bolt of a store whose open
// panicked in this process. bleve panics with that store open and locked,
// out of reach, so a second open in the process (the desktop, or a test)
// would time out on the lock and call a damaged index busy. While the dir
// holds the same file it is still damaged, and Open says so without
// touching bleve; once it holds another one (rebuilt, by this process or
// another), Open goes ahead.
var leaks sync.Map // absolute dir → os.FileInfo of its root.bolt

func rootBolt(dir string) string { return filepath.Join(dir, "store", "root.bolt") }

func leakKey(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return filepath.Clean(dir)
}

func noteLeak(dir string) {
	if st, err := os.Stat(rootBolt(dir)); err == nil {
		leaks.Store(leakKey(dir), st)
	}
}

// knownDamaged says a panicked open left dir's store open in this process.
func knownDamaged(dir string) error {
	v, ok := leaks.Load(leakKey(dir))
	if !ok {
		return nil
	}
	if st, err := os.Stat(rootBolt(dir)); err == nil && os.SameFile(st, v.(os.FileInfo)) {
		return fmt.Errorf("%w: %s: bleve failed reading it earlier in this process", ErrDamaged, dir)
	}
	leaks.Delete(leakKey(dir))
	return nil
}

// guardRead is guard for a read, which also takes an error bleve returned
// for damage: the index is local files, so short of a cancelled context
// or a closed index, a read that fails (a chunk or bitmap that does not
// decode, an FST address out of range) found the files corrupt, exactly
// as a panic does. Damaged segments fail either way depending on where
// the bytes landed.
func (ix *Index) guardRead(err *error) {
	if r := recover(); r != nil {
		ix.damaged.Store(true)
		*err = fmt.Errorf("%w: %s: bleve failed reading it: %v", ErrDamaged, ix.dir, r)
		return
	}
	*err = ix.readFailed(*err)
}

func (ix *Index) readFailed(err error) error {
	switch {
	case err == nil, errors.Is(err, ErrDamaged), errors.Is(err, context.Canceled),
		errors.Is(err, context.DeadlineExceeded), ix.closed.Load():
		return err
	}
	ix.damaged.Store(true)
	return fmt.Errorf("%w: %s: %w", ErrDamaged, ix.dir, err)
}

// check refuses to call bleve again once a call has found the index damaged.
func (ix *Index) check() error {
	if ix.damaged.Load() {
		return fmt.Errorf("%w: %s", ErrDamaged, ix.dir)
	}
	return nil
}

// OpenReadOnly opens the index at dir to look at it only: bleve's store is
// opened read-only, no merge or persist runs, and a missing dir is an
// empty index in memory instead of one created on disk. Verification uses
// it, so that it writes nothing (a full disk must not make it fail).
func OpenReadOnly(dir string) (ix *Index, err error) {
	if err := registerStemmer(); err != nil {
		return nil, err
	}
	if err := knownDamaged(dir); err != nil {
		return nil, err
	}
	defer guard(dir, nil, &err)
	var bi bleve.Index
	if _, serr := os.Stat(dir); errors.Is(serr, os.ErrNotExist) {
		m, merr := newMapping()
		if merr != nil {
			return nil, merr
		}
		if bi, err = bleve.NewMemOnly(m); err != nil {
			return nil, openError("create", dir, err)
		}
	} else if bi, err = bleve.OpenUsing(dir, map[string]any{"bolt_timeout": boltTimeout, "read_only": true}); err != nil {
		return nil, openError("open", dir, err)
	}
	return wrap(dir, bi)
}
