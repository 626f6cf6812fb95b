package target

import (
	"errors"
	"fmt"
	"strings"
)

// Faults of one question's call; each makes that question an error, never a score.
var (
	ErrTimeout    = errors.New("timed out")
	ErrHTTPStatus = errors.New("unexpected HTTP status")
	ErrNotJSON    = errors.New("response is not JSON")
	ErrNoAnswer   = errors.New("answer path matched nothing")
	ErrBadValue   = errors.New("unexpected value in the response")
	ErrNoResponse = errors.New("no recorded response")
	ErrEnvUnset   = errors.New("environment variable not set")
)

// ConfigError is a target file problem at a line (0: the whole file).
type ConfigError struct {
	File string
	Line int
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Problem is one bad row of a responses file. Row is the 1-based line
// (JSONL) or spreadsheet row (CSV, xlsx); Column names the field or
// column, "" for the whole row.
type Problem struct {
	File   string `json:"file"`
	Row    int    `json:"row"`
	Column string `json:"column,omitempty"`
	Msg    string `json:"message"`
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Row > 0 {
		fmt.Fprintf(&b, ":%d", p.Row)
	}
	if p.Column != "" {
		fmt.Fprintf(&b, ": column %s", p.Column)
	}
	b.WriteString(": ")
	b.WriteString(p.Msg)
	return b.String()
}

// ResponsesError lists every bad row of a responses file; nothing of the
// file is used when there is one.
type ResponsesError struct{ Problems []Problem }

func (e *ResponsesError) Error() string {
	switch n := len(e.Problems); n {
	case 0:
		return "responses file is invalid"
	case 1:
		return e.Problems[0].String()
	default:
		return fmt.Sprintf("%s (and %d more problems)", e.Problems[0], n-1)
	}
}
