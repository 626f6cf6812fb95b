package retrieval

import (
	"errors"
	"fmt"
	"os"

	"continuity/backend/lexical"
)

// ErrIndexDamaged means the index's files are corrupt in a way only a
// rebuild fixes: a BM25 (bleve) segment made bleve panic, or a read-only
// open found a bleve index it cannot read. Nothing was changed; the error
// says to run DamagedHint. Retrying, or a plain sync, does not help.
var ErrIndexDamaged = errors.New("index damaged")

// DamagedHint is the fix for ErrIndexDamaged.
const DamagedHint = "run continuity index --repair to rebuild it from the corpus"

// errReadOnly refuses a write on an index opened with Options.ReadOnly.
var errReadOnly = errors.New("index opened read-only")

// damaged marks an error from the lexical layer that found a bleve index
// corrupt as ErrIndexDamaged, with the fix; any other error is returned
// as it is, so a busy or cancelled index is not called damaged.
func damaged(err error) error {
	if err == nil || !errors.Is(err, lexical.ErrDamaged) || errors.Is(err, ErrIndexDamaged) {
		return err
	}
	return damage(err)
}

// damageError is ErrIndexDamaged with its cause; the message ends with
// the fix, so every command and the desktop say what to run.
type damageError struct{ cause error }

func (e *damageError) Error() string {
	return ErrIndexDamaged.Error() + " (" + e.cause.Error() + "); " + DamagedHint
}

func (e *damageError) Unwrap() []error { return []error{ErrIndexDamaged, e.cause} }

// damage wraps err as ErrIndexDamaged whatever it is.
func damage(err error) error { return &damageError{cause: err} }

// Damaged is the verification of an index that cannot be opened because
// it is damaged (err wraps ErrIndexDamaged): one drift naming the cause;
// its Hint is DamagedHint.
func Damaged(err error) Verification {
	msg := err.Error()
	var d *damageError
	if errors.As(err, &d) {
		msg = d.cause.Error()
	}
	return Verification{Drift: []Drift{{Kind: DriftDamaged, Message: msg}}}
}

// writable refuses what would write to a read-only index.
func (ix *Index) writable(what string) error {
	if ix.opts.ReadOnly {
		return fmt.Errorf("%s: %w", what, errReadOnly)
	}
	return nil
}

// removeLexical deletes both bleve indexes (the caller holds the writer
// lock), so the Open under way rebuilds them from the registry.
func (ix *Index) removeLexical() error {
	for _, dir := range []string{ix.lexDir(), ix.supersededLexDir()} {
		if err := os.RemoveAll(dir); err != nil {
			return fmt.Errorf("remove damaged index %s: %w", dir, err)
		}
	}
	ix.Repairs = append(ix.Repairs, "deleted the BM25 indexes to rebuild them from the registry")
	return nil
}
