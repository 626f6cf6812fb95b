package cli

import (
	"context"
	"fmt"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
)

func goldenValidateFile(ctx context.Context, env *Env, file, set string) error {
	path, err := goldenWorkbookPath(ctx, env, file)
	if err != nil {
		return err
	}
	wb, err := goldenset.ReadFile(ctx, path)
	if err != nil {
		return err
	}
	docs, err := goldenDocs(ctx, env)
	if err != nil {
		return err
	}
	out, err := goldenset.Validate(ctx, docs, wb)
	if err != nil {
		return err
	}
	if out.Set = set; set == "" {
		out.Set = wb.DefaultSet()
	}
	stale, err := staleOfWorkbook(ctx, env, path)
	if err != nil {
		return err
	}
	if env.JSON {
		if err := env.WriteJSON(validateJSON{importJSON: importJSONOf(out), staleJSON: staleJSONOf(stale)}); err != nil {
			return err
		}
	} else {
		printProblems(env, out)
		printStale(env, wb.File, stale)
		fmt.Fprintf(env.Stdout, "%d rows, %d errors, %d warnings\n", out.Rows, len(out.Errors), len(out.Warnings))
	}
	if len(out.Errors) > 0 {
		return Failed("%s: %d errors", out.File, len(out.Errors))
	}
	return staleFailure(wb.File, stale)
}

func goldenValidateSet(ctx context.Context, env *Env, name string) error {
	repo, err := goldenRepo(ctx, env)
	if err != nil {
		return err
	}
	rows, err := repo.Rows(ctx, name)
	if err != nil {
		return goldenSetHint(err, false)
	}
	docs, err := goldenDocs(ctx, env)
	if err != nil {
		return err
	}
	issues, err := goldenset.Issues(ctx, rows, docs)
	if err != nil {
		return err
	}
	stale, err := staleOfSet(ctx, env, rows)
	if err != nil {
		return err
	}
	if env.JSON {
		if err := env.WriteJSON(setValidateJSON{Set: name, Rows: len(rows), Issues: issues, staleJSON: staleJSONOf(stale)}); err != nil {
			return err
		}
	} else {
		for _, is := range issues {
			fmt.Fprintf(env.Stdout, "%s: row %d (%s) %s: %s\n", is.Severity, is.Row, is.RowID, is.Field.Label(), is.Message)
		}
		printStale(env, fmt.Sprintf("golden set %q", name), stale)
		fmt.Fprintf(env.Stdout, "%d rows, %d issues\n", len(rows), len(issues))
	}
	if golden.HasErrors(issues) {
		return Failed("golden set %q has errors", name)
	}
	return staleFailure(fmt.Sprintf("golden set %q", name), stale)
}
