package cli

import (
	"errors"
	"fmt"
	"strings"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/xlsx"
)

// importJSON is the contract of `golden import --json` and `golden validate FILE --json`.
type importJSON struct {
	Set       string         `json:"set"`
	Imported  int            `json:"imported"`
	Unchanged bool           `json:"unchanged"` // the set already held these rows: no new version
	Version   int            `json:"version"`   // the set's version once stored; 0 when nothing was
	Errors    []xlsx.Problem `json:"errors"`
	Warnings  []warningJSON  `json:"warnings"`
}

type warningJSON struct {
	Row     int    `json:"row"`
	Message string `json:"message"`
}

func importJSONOf(o goldenset.Outcome) importJSON {
	out := importJSON{Set: o.Set, Imported: o.Imported, Unchanged: o.Unchanged, Version: o.Version,
		Errors: o.Errors, Warnings: []warningJSON{}}
	if out.Errors == nil {
		out.Errors = []xlsx.Problem{}
	}
	for _, w := range o.Warnings {
		out.Warnings = append(out.Warnings, warningJSON{Row: w.Row, Message: w.Message})
	}
	return out
}

func printProblems(env *Env, o goldenset.Outcome) {
	line := func(kind string, p xlsx.Problem) {
		loc := p.Sheet
		if p.Row > 0 {
			loc += fmt.Sprintf(" row %d", p.Row)
		}
		if p.Column != "" {
			loc += " column " + p.Column
		}
		if loc = strings.TrimSpace(loc); loc == "" {
			// a problem with the file as a whole: the message names it
			fmt.Fprintf(env.Stdout, "%s: %s\n", kind, p.Message)
			return
		}
		fmt.Fprintf(env.Stdout, "%s: %s: %s\n", kind, loc, p.Message)
	}
	for _, p := range o.Errors {
		line("error", p)
	}
	for _, p := range o.Warnings {
		line("warning", p)
	}
}

// hintError words an error for the command line and keeps the original
// for errors.Is and the exit code.
type hintError struct {
	msg string
	err error
}

func (e *hintError) Error() string { return e.msg }
func (e *hintError) Unwrap() error { return e.err }

// goldenSetHint says how to make a golden set that does not exist;
// orGolden adds eval's own way, a workbook passed to the run.
func goldenSetHint(err error, orGolden bool) error {
	var nf *golden.NotFoundError
	if !errors.As(err, &nf) || nf.Version > 0 {
		return err
	}
	msg := nf.Error() + ": import one with `continuity golden import FILE.xlsx`"
	if orGolden {
		msg += " or pass --golden FILE.xlsx"
	}
	return &hintError{msg: msg, err: err}
}
