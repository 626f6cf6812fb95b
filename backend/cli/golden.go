package cli

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

func init() {
	Register(&Command{
		Name:    "golden",
		Args:    "template|import|export|validate|list [FILE]",
		Summary: "golden question sets in Excel: template, import, export, validate, list",
		Help: `golden template -o FILE.xlsx        write an empty golden set workbook with instructions
golden import [FILE] [--set NAME]     import a workbook (default: the workspace's golden.xlsx);
                                      all or nothing unless --valid-only
golden export --set NAME -o FILE      export a stored set
golden validate [FILE | --set NAME]   check a workbook or a stored set against the corpus
golden list [--set NAME]              list sets, or one set's rows
Exit 1 when the workbook or set has errors.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			o := &goldenFlags{}
			fs.StringVar(&o.set, "set", "", "golden set name (import default: the file name without extension)")
			fs.StringVar(&o.out, "o", "", "output .xlsx file (template, export)")
			fs.BoolVar(&o.validOnly, "valid-only", false, "import: keep the valid rows and skip rows with errors")
			return func(ctx context.Context, env *Env, args []string) error { return runGolden(ctx, env, *o, args) }
		},
	})
}

type goldenFlags struct {
	set, out  string
	validOnly bool
}

// importJSON is the contract of `golden import --json`.
type importJSON struct {
	Set      string         `json:"set"`
	Imported int            `json:"imported"`
	Errors   []xlsx.Problem `json:"errors"`
	Warnings []warningJSON  `json:"warnings"`
}

type warningJSON struct {
	Row     int    `json:"row"`
	Message string `json:"message"`
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
		return goldenImport(ctx, env, file, o, true)
	case "validate":
		if o.set != "" && file == "" {
			return goldenValidateSet(ctx, env, o.set)
		}
		return goldenImport(ctx, env, file, o, false)
	case "export":
		if o.set == "" || o.out == "" {
			return Usagef("golden export needs --set NAME and -o FILE.xlsx")
		}
		repo, _, err := goldenRepo(ctx, env)
		if err != nil {
			return err
		}
		rows, err := repo.Rows(ctx, o.set)
		if err != nil {
			return err
		}
		if err := xlsx.WriteFile(o.out, rows); err != nil {
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

func goldenRepo(ctx context.Context, env *Env) (*golden.Repo, golden.DocLookup, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return nil, nil, err
	}
	repo, err := golden.NewRepo(ctx, s.DB)
	if err != nil {
		return nil, nil, err
	}
	docs, err := s.Docs(ctx)
	if err != nil {
		return nil, nil, err
	}
	return repo, docs, nil
}

// goldenImport reads a workbook, validates it against the corpus and, when
// save is set, stores it: nothing when there are errors, unless valid-only.
func goldenImport(ctx context.Context, env *Env, file string, o goldenFlags, save bool) error {
	repo, docs, err := goldenRepo(ctx, env)
	if err != nil {
		return err
	}
	if file == "" {
		s, _ := env.Session(ctx)
		ws, err := s.Workspace(ctx)
		if err != nil {
			return err
		}
		file = ws.GoldenPath()
	}
	name := o.set
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	}
	res, err := xlsx.ReadFile(ctx, file)
	if err != nil {
		return err
	}
	rows, nums := res.Rows, res.RowNums
	if o.validOnly {
		rows, nums = res.ValidRows()
	}
	warnings := res.Warnings
	empty := len(res.Errors) == 0 && len(res.Rows) == 0
	if empty {
		// an empty workbook is a valid template but an import of nothing:
		// exiting 0 would let a script believe the set was loaded
		if p := noRows(res); save {
			res.Errors = append(res.Errors, p)
		} else {
			warnings = append(warnings, p)
		}
	}
	if docs != nil && len(rows) > 0 {
		issues, err := golden.CheckCorpus(ctx, rows, nums, docs)
		if err != nil {
			return err
		}
		for _, is := range issues {
			warnings = append(warnings, res.Locate(is))
		}
	}
	out := importJSON{Set: name, Errors: res.Errors, Warnings: []warningJSON{}}
	if out.Errors == nil {
		out.Errors = []xlsx.Problem{}
	}
	for _, w := range warnings {
		out.Warnings = append(out.Warnings, warningJSON{Row: w.Row, Message: w.Message})
	}
	canSave := save && (len(res.Errors) == 0 || (o.validOnly && len(rows) > 0))
	if canSave {
		summary := fmt.Sprintf("imported %s (%d rows)", filepath.Base(file), len(rows))
		if _, err := repo.Save(ctx, name, "", golden.CurrentUser(), summary, rows); err != nil {
			return err
		}
		out.Imported = len(rows)
	}
	if env.JSON {
		if err := env.WriteJSON(out); err != nil {
			return err
		}
	} else {
		printProblems(env, res, warnings)
		switch {
		case canSave:
			fmt.Fprintf(env.Stdout, "imported %d rows into %q\n", out.Imported, name)
		case save && empty:
			fmt.Fprintf(env.Stdout, "nothing imported: %s has no question rows\n", filepath.Base(file))
		case save:
			fmt.Fprintf(env.Stdout, "nothing imported: %d errors (fix them, or use --valid-only)\n", len(res.Errors))
		default:
			fmt.Fprintf(env.Stdout, "%d rows, %d errors, %d warnings\n", len(res.Rows), len(res.Errors), len(warnings))
		}
	}
	if len(res.Errors) > 0 {
		return Failed("%s: %d errors", file, len(res.Errors))
	}
	return nil
}

func goldenValidateSet(ctx context.Context, env *Env, name string) error {
	repo, docs, err := goldenRepo(ctx, env)
	if err != nil {
		return err
	}
	rows, err := repo.Rows(ctx, name)
	if err != nil {
		return err
	}
	issues := golden.Check(rows, nil)
	if docs != nil {
		more, err := golden.CheckCorpus(ctx, rows, nil, docs)
		if err != nil {
			return err
		}
		issues = append(issues, more...)
	}
	if issues == nil {
		issues = []golden.Issue{}
	}
	if env.JSON {
		if err := env.WriteJSON(map[string]any{"set": name, "rows": len(rows), "issues": issues}); err != nil {
			return err
		}
	} else {
		for _, is := range issues {
			fmt.Fprintf(env.Stdout, "%s: row %d (%s) %s: %s\n", is.Severity, is.Row, is.RowID, is.Field.Label(), is.Message)
		}
		fmt.Fprintf(env.Stdout, "%d rows, %d issues\n", len(rows), len(issues))
	}
	if golden.HasErrors(issues) {
		return Failed("golden set %q has errors", name)
	}
	return nil
}

func goldenList(ctx context.Context, env *Env, name string) error {
	repo, _, err := goldenRepo(ctx, env)
	if err != nil {
		return err
	}
	if name != "" {
		rows, err := repo.Rows(ctx, name)
		if err != nil {
			return err
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
