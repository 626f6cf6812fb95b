package cli

import (
	"errors"
	"fmt"
)

// Exit codes, the CLI's contract with CI servers.
const (
	ExitOK     = 0
	ExitFailed = 1 // a check or gate failed
	ExitError  = 2 // usage or runtime error
)

// ErrUsage marks a mistake in the command line.
var ErrUsage = errors.New("usage")

// Usagef returns a usage error.
func Usagef(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUsage, fmt.Sprintf(format, args...))
}

// FailedError means the command ran but what it checked did not pass.
type FailedError struct{ Reason string }

func (e *FailedError) Error() string { return e.Reason }

// Failed returns a FailedError (exit 1).
func Failed(format string, args ...any) error {
	return &FailedError{Reason: fmt.Sprintf(format, args...)}
}

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	var f *FailedError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &f):
		return ExitFailed
	default:
		return ExitError
	}
}
