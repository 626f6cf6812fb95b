package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	githistory "continuity/backend/history"
	"continuity/backend/session"
)

func changesCommand() *Command {
	return &Command{
		Name:    "changes",
		Summary: "list the published facts that changed, for release notes",
		Help: `Lists every published sentence a change replaced or removed: the document, the
old and the new sentence, the values that changed, the date, and for git
workspaces the commit, its author and subject. The index is synced first and,
in a git workspace, the history imported (Settings: "import git history", on
by default); other workspaces list what Continuity's own syncs saw change.

--since DATE|REV lists only changes on or after a date (YYYY-MM-DD) or made by
the commits after a git revision (REV..HEAD), plus working-tree edits a sync
saw after it. --doc ID (repeatable) lists only those documents.
--json prints {"since","changes":[{"doc_id","path","title","old","new",
"current","kind","values":[{"old","new"}],"date","commit","author","message",
"republished"}],"history":{...}}; kind is value, polarity, wording or removed;
"current" is set when the new sentence has itself changed since.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			var docs docIDsFlag
			fs.Var(&docs, "doc", "list only this document id (repeatable)")
			since := fs.String("since", "", "list only changes since a date (YYYY-MM-DD) or git revision")
			return func(ctx context.Context, env *Env, args []string) error {
				if len(args) > 0 {
					return Usagef("changes takes no arguments (use --since and --doc)")
				}
				if err := githistory.ValidSince(*since); err != nil {
					return Usagef("%v", err)
				}
				return runChanges(ctx, env, *since, docs)
			}
		},
	}
}

type changesJSON struct {
	Since   string              `json:"since"`
	Changes []githistory.Change `json:"changes"`
	History *historyJSON        `json:"history"`
}

func runChanges(ctx context.Context, env *Env, since string, docs []string) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	ix, rep, err := s.FreshIndex(ctx, progressBar(env))
	if err != nil {
		return err
	}
	if rep.Added+rep.Updated+rep.Removed > 0 {
		reportSync(env, rep)
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return err
	}
	hist, err := importHistory(ctx, env, ix, ws.ContentDir(), session.HistoryIfOn)
	if err != nil {
		return err
	}
	all, err := githistory.Changes(ctx, ix, ws.ContentDir(), since)
	if err != nil {
		return Usagef("%v", err)
	}
	out := changesJSON{Since: since, Changes: []githistory.Change{}, History: hist}
	for _, c := range all {
		if len(docs) == 0 || slices.Contains(docs, c.DocID) {
			out.Changes = append(out.Changes, c)
		}
	}
	if env.JSON {
		return env.WriteJSON(out)
	}
	writeChangesText(env.Stdout, out)
	return nil
}

func writeChangesText(w io.Writer, out changesJSON) {
	if len(out.Changes) == 0 {
		fmt.Fprintln(w, "no published fact changed")
	}
	for _, c := range out.Changes {
		fmt.Fprintf(w, "%s  %s (%s)", c.Date.Format(time.DateOnly), c.Title, c.DocID)
		if c.Commit != "" {
			fmt.Fprintf(w, "  commit %s %q", short7(c.Commit), c.Message)
		} else {
			fmt.Fprint(w, "  seen by a sync")
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  - %s\n", oneLineText(c.Old))
		if c.New != "" {
			fmt.Fprintf(w, "  + %s\n", oneLineText(c.New))
		} else {
			fmt.Fprintln(w, "  (removed)")
		}
		if c.Current != "" {
			fmt.Fprintf(w, "  now: %s\n", oneLineText(c.Current))
		}
		var vals []string
		for _, v := range c.Values {
			vals = append(vals, fmt.Sprintf("%s → %s", orDash(v.Old), orDash(v.New)))
		}
		if len(vals) > 0 {
			fmt.Fprintf(w, "  %s: %s\n", c.Kind, strings.Join(vals, "; "))
		}
		if c.Republished {
			fmt.Fprintln(w, "  (published again since)")
		}
	}
	if out.History != nil && !out.History.Ran {
		writeHistory(w, out.History) // why no commit is named
	}
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return oneLineText(s)
}
