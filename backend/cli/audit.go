package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"continuity/backend/audit"
)

// docIDsFlag collects a repeated --doc.
type docIDsFlag []string

func (d *docIDsFlag) String() string { return strings.Join(*d, ",") }

func (d *docIDsFlag) Set(s string) error {
	s = strings.TrimSpace(s)
	if s == "" {
		return errors.New("--doc needs a document id")
	}
	*d = append(*d, s)
	return nil
}

func auditCommand() *Command {
	return &Command{
		Name:    "audit",
		Summary: "find published pages that contradict each other",
		Help: `Decomposes every published document into claims and checks each against the
other documents (never against itself), reporting pairs of conflicting
statements: both quotes with doc ids, titles and dates, the values that
differ, the engine's confidence and which page is newer (front-matter date,
else file time). The index is synced first; results are cached per document
by content hash, so a re-run re-checks only what changed, and an
interrupted audit resumes.

--since REV|DATE audits only documents changed since a date (YYYY-MM-DD:
front-matter date or file time at or after it) or a git revision of the
workspace (changed or untracked files). --doc ID (repeatable) audits only
those documents; either way they are checked against the whole corpus.

Exit codes: 0 no open conflict, 1 open conflicts found (conflicts marked
resolved or intended do not fail), 2 usage or runtime error.
--json prints {"engine","model","model_hash","embed_model","conflicts":[{"key",
"a":{"doc_id","title","date","date_source","chunk_id","quote","start","end","flags"},
"b":{...},"values":[{"a","b"}],"confidence","newer","status","status_note"}],
"checked":{"documents","claims","full","partial","reused"},"warnings":[]}.
"newer" is "a", or "" when a date is unknown or both are equal; start and end
are byte offsets of the quote in the document's visible text (-1: unknown);
"flags" holds cut_sentence when the quote is a piece of a sentence over 400 words or 4 KB.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			var docs docIDsFlag
			fs.Var(&docs, "doc", "audit only this document id (repeatable)")
			since := fs.String("since", "", "audit only documents changed since a date (YYYY-MM-DD) or git revision")
			return func(ctx context.Context, env *Env, args []string) error {
				if len(args) > 0 {
					return Usagef("audit takes no arguments (use --doc ID)")
				}
				return runAudit(ctx, env, audit.Options{Docs: docs, Since: *since})
			}
		},
	}
}

func runAudit(ctx context.Context, env *Env, o audit.Options) error {
	if o.Since != "" {
		if err := audit.ValidSince(o.Since); err != nil {
			return Usagef("%v", err)
		}
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	o.Progress = progressBar(env)
	rep, err := audit.Run(ctx, s, o)
	if err != nil {
		return err
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(env.Stderr, "warning: %s\n", w)
	}
	if env.JSON {
		if err := env.WriteJSON(rep); err != nil {
			return err
		}
	} else {
		writeAuditText(env.Stdout, rep)
	}
	if n := openConflicts(rep); n > 0 {
		return Failed("%d open conflict(s) between published documents", n)
	}
	return nil
}

func openConflicts(rep audit.Report) int {
	n := 0
	for _, c := range rep.Conflicts {
		if c.Status == audit.StatusOpen {
			n++
		}
	}
	return n
}
