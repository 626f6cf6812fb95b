package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"continuity/backend/golden"
	"continuity/backend/goldenset"
	"continuity/backend/xlsx"
)

func goldenCommand() *Command {
	return &Command{
		Name:    "golden",
		Args:    "template|import|export|validate|list [FILE]",
		Summary: "golden question sets in Excel: template, import, export, validate, list",
		Help: `golden template -o FILE.xlsx        write an empty golden set workbook with instructions
golden import [FILE] [--set NAME]     import a workbook (default: the workspace's golden.xlsx);
                                      all or nothing unless --valid-only; a new version
                                      only when the rows changed
golden export --set NAME -o FILE      export a stored set
golden validate [FILE | --set NAME]   check a workbook or a stored set against the corpus and
                                      list its stale rows: reference documents gone, archived
                                      or renamed, supporting lines no longer in their document,
                                      approved answers the corpus now contradicts
golden list [--set NAME]              list sets, or one set's rows
Sets belong to the workspace (--corpus) they were imported in; a name may
exist in several workspaces independently.
Exit 1 when the workbook or set has errors, or (validate) stale rows.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			o := &goldenFlags{}
			fs.StringVar(&o.set, "set", "", "golden set name (import default: the set the workbook was exported from, else the file name without extension)")
			fs.StringVar(&o.out, "o", "", "output .xlsx file (template, export)")
			fs.BoolVar(&o.validOnly, "valid-only", false, "import: keep the valid rows and skip rows with errors")
			return func(ctx context.Context, env *Env, args []string) error { return runGolden(ctx, env, *o, args) }
		},
	}
}

type goldenFlags struct {
	set, out  string
	validOnly bool
}

func runGolden(ctx context.Context, env *Env, o goldenFlags, args []string) error {
	if len(args) == 0 {
		return Usagef("golden needs a subcommand: template, import, export, validate or list")
	}
	sub, rest := args[0], args[1:]
	if len(rest) > 1 {
		return Usagef("golden %s takes at most one file", sub)
	}
	file := ""
	if len(rest) == 1 {
		file = rest[0]
	}
	switch sub {
	case "template":
		if o.out == "" {
			o.out = file
		}
		if o.out == "" {
			return Usagef("golden template needs -o FILE.xlsx")
		}
		if err := xlsx.WriteFile(o.out, nil); err != nil {
			return err
		}
		return report(env, map[string]string{"template": o.out}, "wrote %s\n", o.out)
	case "import":
		return goldenImport(ctx, env, file, o)
	case "validate":
		if o.set != "" && file == "" {
			return goldenValidateSet(ctx, env, o.set)
		}
		return goldenValidateFile(ctx, env, file, o.set)
	case "export":
		if o.set == "" || o.out == "" {
			return Usagef("golden export needs --set NAME and -o FILE.xlsx")
		}
		repo, err := goldenRepo(ctx, env)
		if err != nil {
			return err
		}
		rows, err := repo.Rows(ctx, o.set)
		if err != nil {
			return goldenSetHint(err, false)
		}
		set, err := repo.Set(ctx, o.set)
		if err != nil {
			return goldenSetHint(err, false)
		}
		if err := xlsx.WriteSetFile(o.out, xlsx.SetIdentity{Set: set.Name, Version: set.Version}, rows); err != nil {
			return err
		}
		return report(env, map[string]any{"set": o.set, "exported": len(rows), "file": o.out}, "exported %d rows of %q to %s\n", len(rows), o.set, o.out)
	case "list":
		return goldenList(ctx, env, o.set)
	}
	return Usagef("unknown golden subcommand %q: use template, import, export, validate or list", sub)
}

func report(env *Env, v any, format string, args ...any) error {
	if env.JSON {
		return env.WriteJSON(v)
	}
	fmt.Fprintf(env.Stdout, format, args...)
	return nil
}

// goldenRepo is the golden sets of the workspace in force.
func goldenRepo(ctx context.Context, env *Env) (*golden.Repo, error) {
	s, cur, err := scope(ctx, env)
	if err != nil {
		return nil, err
	}
	return golden.NewRepo(ctx, s.DB, cur.ID)
}

func goldenDocs(ctx context.Context, env *Env) (golden.DocLookup, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return nil, err
	}
	return s.Docs(ctx)
}

// goldenWorkbook reads FILE, or the workspace's golden.xlsx without one.
func goldenWorkbook(ctx context.Context, env *Env, file string) (goldenset.Workbook, error) {
	path, err := goldenWorkbookPath(ctx, env, file)
	if err != nil {
		return goldenset.Workbook{}, err
	}
	return goldenset.ReadFile(ctx, path)
}

// goldenWorkbookPath is FILE, or the workspace's golden.xlsx without one.
func goldenWorkbookPath(ctx context.Context, env *Env, file string) (string, error) {
	if file != "" {
		return file, nil
	}
	s, err := env.Session(ctx)
	if err != nil {
		return "", err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return "", err
	}
	return ws.GoldenPath(), nil
}

func goldenImport(ctx context.Context, env *Env, file string, o goldenFlags) error {
	wb, err := goldenWorkbook(ctx, env, file)
	if err != nil {
		return err
	}
	repo, err := goldenRepo(ctx, env)
	if err != nil {
		return err
	}
	docs, err := goldenDocs(ctx, env)
	if err != nil {
		return err
	}
	mode := goldenset.AllOrNothing
	if o.validOnly {
		mode = goldenset.ValidOnly
	}
	out, err := goldenset.Import(ctx, repo, docs, wb, goldenset.Request{Set: o.set, Mode: mode})
	if err != nil {
		return err
	}
	if env.JSON {
		if err := env.WriteJSON(importJSONOf(out)); err != nil {
			return err
		}
	} else {
		printProblems(env, out)
		switch {
		case out.Unchanged:
			fmt.Fprintf(env.Stdout, "unchanged: no new version (%q already holds these %d rows at version %d)\n", out.Set, out.Imported, out.Version)
		case out.Stored:
			fmt.Fprintf(env.Stdout, "imported %d rows into %q (version %d)\n", out.Imported, out.Set, out.Version)
		case out.Empty:
			fmt.Fprintf(env.Stdout, "nothing imported: %s has no question rows\n", out.File)
		default:
			fmt.Fprintf(env.Stdout, "nothing imported: %d errors (fix them, or use --valid-only)\n", len(out.Errors))
		}
	}
	if len(out.Errors) > 0 {
		return Failed("%s: %d errors", out.File, len(out.Errors))
	}
	return nil
}

func goldenList(ctx context.Context, env *Env, name string) error {
	repo, err := goldenRepo(ctx, env)
	if err != nil {
		return err
	}
	if name != "" {
		rows, err := repo.Rows(ctx, name)
		if err != nil {
			return goldenSetHint(err, false)
		}
		if env.JSON {
			return env.WriteJSON(rows)
		}
		tw := tabwriter.NewWriter(env.Stdout, 2, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tCATEGORY\tQUESTION\tREFERENCES")
		for _, r := range rows {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.ID, r.Category, oneLine(r.Question, 70), golden.JoinList(r.ReferenceDocIDs))
		}
		return tw.Flush()
	}
	sets, err := repo.List(ctx)
	if err != nil {
		return err
	}
	if len(sets) == 0 {
		_, cur, err := scope(ctx, env)
		if err != nil {
			return err
		}
		emptyHint(env, "golden sets", cur)
	}
	if env.JSON {
		return env.WriteJSON(sets)
	}
	tw := tabwriter.NewWriter(env.Stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tROWS\tVERSION\tUPDATED\tBY")
	for _, s := range sets {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\n", s.Name, s.RowCount, s.Version, s.UpdatedAt, s.UpdatedBy)
	}
	return tw.Flush()
}

func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
