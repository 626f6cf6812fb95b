package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/goldenstale"
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

// validateJSON is `golden validate FILE --json`: the import contract plus
// the stale rows.
type validateJSON struct {
	importJSON
	staleJSON
}

// setValidateJSON is `golden validate --set NAME --json`.
type setValidateJSON struct {
	Set    string         `json:"set"`
	Rows   int            `json:"rows"`
	Issues []golden.Issue `json:"issues"`
	staleJSON
}

// staleJSON lists the stale findings ({row, row_id, field, reason,
// message, suggest}), how many rows they cover, and the claims engine that
// judged the approved answers.
type staleJSON struct {
	Stale        []golden.Issue `json:"stale"`
	StaleRows    int            `json:"stale_rows"`
	StaleEngine  string         `json:"stale_engine"`
	StaleSkipped string         `json:"stale_skipped,omitempty"`
}

func staleJSONOf(r goldenstale.Result) staleJSON {
	return staleJSON{Stale: r.Issues, StaleRows: r.Rows(), StaleEngine: r.Engine, StaleSkipped: r.Skipped}
}

// staleOfWorkbook checks the workbook's rows, numbered as Excel shows them.
func staleOfWorkbook(ctx context.Context, env *Env, path string) (goldenstale.Result, error) {
	res, err := xlsx.ReadFile(ctx, path)
	if err != nil {
		return goldenstale.Result{}, err
	}
	return staleOf(ctx, env, res.Rows, res.RowNums)
}

// staleOfSet checks a stored set's rows, numbered as its export shows them.
func staleOfSet(ctx context.Context, env *Env, rows []golden.Row) (goldenstale.Result, error) {
	return staleOf(ctx, env, rows, goldenstale.ExportRowNums(len(rows)))
}

func staleOf(ctx context.Context, env *Env, rows []golden.Row, nums []int) (goldenstale.Result, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return goldenstale.Result{}, err
	}
	f, err := goldenstale.ForSession(ctx, s)
	if err != nil {
		return goldenstale.Result{}, err
	}
	return f.Find(ctx, rows, nums)
}

// printStale lists the stale rows of where (a file or a set), one line each:
// "stale: golden.xlsx row 7 (Q006): supporting line no longer occurs in help-refund-policy".
func printStale(env *Env, where string, r goldenstale.Result) {
	for _, line := range goldenstale.Lines(where, r.Issues) {
		fmt.Fprintf(env.Stdout, "stale: %s\n", line)
	}
	if r.Skipped != "" {
		fmt.Fprintf(env.Stdout, "warning: %s\n", r.Skipped)
	}
	if n := r.Rows(); n > 0 {
		fmt.Fprintf(env.Stdout, "%d stale rows in %s\n", n, where)
	}
}

// staleFailure makes stale rows exit 1, as a failed check does.
func staleFailure(where string, r goldenstale.Result) error {
	if n := r.Rows(); n > 0 {
		return Failed("%s: %d stale rows", where, n)
	}
	return nil
}
