package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"text/tabwriter"
	"time"

	"continuity/backend/crawl"
	"continuity/backend/ingest"
	"continuity/backend/logging"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

func sourcesCommand() *Command {
	return &Command{
		Name:    "sources",
		Args:    "list | add KIND LOCATION [--name N] [--max-pages N] | sync [NAME] [--max-pages N] | remove NAME",
		Summary: "corpus sources beside the content folder: CMS and help-center exports, page folders, sitemaps",
		Help: `sources list                         the content folder and every registered source with its
                                     last sync, counts and skipped items
sources add KIND LOCATION [--name N] register a source and sync it; KIND is one of
                                     wxr (WordPress export), ghost (Ghost JSON export),
                                     zendesk (Help Center articles JSON), html_folder (.html
                                     and .docx pages), folder (Markdown), sitemap (a URL)
sources sync [NAME]                  re-read one source (default: all) and sync the index:
                                     changed items are updated, deleted and unpublished ones
                                     removed
sources remove NAME                  unregister a source and remove its documents
--max-pages N                        add, sync: a sitemap crawl visits at most N pages
                                     (default 5000) and stops reading a sitemap index once
                                     past it; the report says so. Pages are written as they
                                     arrive, and an interrupted crawl resumes where it stopped.
Sources are written as Markdown under <content>/_sources/<name>/ and listed in
<workspace>/.continuity/sources.json. --json prints {"sources":[...],"index":{...}}.
Exit 2 when a source cannot be read (the others are still synced).`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			name := fs.String("name", "", "add: the source's name (default: from the file name or host)")
			maxPages := fs.Int("max-pages", crawl.DefaultMaxPages, "add, sync: the most pages a sitemap crawl visits")
			return func(ctx context.Context, env *Env, args []string) error {
				setPages := false
				fs.Visit(func(f *flag.Flag) { setPages = setPages || f.Name == "max-pages" })
				return runSources(ctx, env, sourcesFlags{name: *name, maxPages: *maxPages, setPages: setPages}, args)
			}
		},
	}
}

type sourceJSON struct {
	ingest.Source
	Report *ingest.Report `json:"report,omitempty"`
}

type sourcesJSON struct {
	Sources []sourceJSON      `json:"sources"`
	Index   *retrieval.Report `json:"index,omitempty"`
}

// sourcesFlags are the sources command's flags; setPages says --max-pages
// was given.
type sourcesFlags struct {
	name     string
	maxPages int
	setPages bool
}

func runSources(ctx context.Context, env *Env, fl sourcesFlags, args []string) error {
	if len(args) == 0 {
		return Usagef("sources needs a subcommand: list, add, sync or remove")
	}
	sub, rest := args[0], args[1:]
	name := fl.name
	if name != "" && sub != "add" {
		return Usagef("--name is for sources add")
	}
	if fl.setPages && sub != "add" && sub != "sync" {
		return Usagef("--max-pages is for sources add and sources sync")
	}
	if fl.maxPages < 1 {
		return Usagef("--max-pages must be at least 1, not %d", fl.maxPages)
	}
	srcs, err := workspaceSources(ctx, env, fl.maxPages)
	if err != nil {
		return err
	}
	switch {
	case sub == "list" && len(rest) == 0:
		return sourcesList(ctx, env, srcs)
	case sub == "add" && len(rest) == 2:
		src, err := srcs.Add(ctx, rest[0], rest[1], name)
		if err != nil {
			return err
		}
		return sourcesSync(ctx, env, srcs, []string{src.Name})
	case sub == "sync" && len(rest) <= 1:
		return sourcesSync(ctx, env, srcs, rest)
	case sub == "remove" && len(rest) == 1:
		if err := srcs.Remove(ctx, rest[0]); err != nil {
			return err
		}
		if !env.JSON {
			fmt.Fprintf(env.Stdout, "removed source %s\n", rest[0])
		}
		return sourcesIndex(ctx, env, nil)
	case sub == "list" || sub == "add" || sub == "sync" || sub == "remove":
		return Usagef("usage: continuity sources %s", sourcesCommand().Args)
	}
	return Usagef("unknown sources subcommand %q (list, add, sync or remove)", sub)
}

func workspaceSources(ctx context.Context, env *Env, maxPages int) (*ingest.Sources, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return nil, err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return nil, err
	}
	return &ingest.Sources{Root: ws.Root, ContentDir: ws.ContentDir(), Crawler: siteCrawler(env, maxPages)}, nil
}

func sourcesList(ctx context.Context, env *Env, srcs *ingest.Sources) error {
	list, err := srcs.List(ctx)
	if err != nil {
		return err
	}
	out := sourcesJSON{Sources: []sourceJSON{{Source: ingest.Source{Name: "content", Kind: ingest.KindFolder, Location: srcs.ContentDir, Skipped: []ingest.Skip{}}}}}
	for _, s := range list {
		out.Sources = append(out.Sources, sourceJSON{Source: s})
	}
	if env.JSON {
		return env.WriteJSON(out)
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tKIND\tDOCUMENTS\tSKIPPED\tLAST SYNC\tLOCATION")
	for i, s := range out.Sources {
		docs, last := fmt.Sprint(s.Counts.Documents), "never"
		if i == 0 {
			docs, last = "-", "(the content folder; `index` syncs it)"
		}
		if !s.LastSync.IsZero() {
			last = s.LastSync.Local().Format(time.DateTime)
		}
		if s.LastError != "" {
			last += " (failed)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\n", s.Name, s.Kind, docs, s.Counts.Skipped, last, s.Location)
	}
	return tw.Flush()
}

func sourcesSync(ctx context.Context, env *Env, srcs *ingest.Sources, names []string) error {
	if len(names) == 0 {
		list, err := srcs.List(ctx)
		if err != nil {
			return err
		}
		for _, s := range list {
			names = append(names, s.Name)
		}
	}
	var synced []sourceJSON
	var failed []error
	for _, n := range names {
		src, rep, err := srcs.Sync(ctx, n)
		if errors.Is(err, ingest.ErrUnknownSource) || errors.Is(err, context.Canceled) {
			return err
		}
		if err != nil {
			failed = append(failed, err)
			fmt.Fprintf(env.Stderr, "source %s: %v\n", n, err)
		}
		synced = append(synced, sourceJSON{Source: src, Report: &rep})
		if !env.JSON && err == nil {
			writeSourceReport(env, src, rep)
		}
		if !env.JSON && err != nil {
			for _, l := range rep.Crawl.Lines() {
				fmt.Fprintf(env.Stderr, "  %s\n", l)
			}
		}
	}
	if err := sourcesIndex(ctx, env, synced); err != nil {
		return err
	}
	if len(failed) > 0 {
		return fmt.Errorf("%d of %d sources could not be read: %w", len(failed), len(names), errors.Join(failed...))
	}
	return nil
}

func writeSourceReport(env *Env, src ingest.Source, rep ingest.Report) {
	fmt.Fprintf(env.Stdout, "source %s (%s): %d documents; written %d, unchanged %d, removed %d, skipped %d\n",
		src.Name, src.Kind, src.Counts.Documents, rep.Written, rep.Unchanged, rep.Removed, len(rep.Skipped))
	for _, l := range rep.Crawl.Lines() {
		fmt.Fprintf(env.Stdout, "  %s\n", l)
	}
	for _, s := range rep.Skipped {
		fmt.Fprintf(env.Stdout, "  skipped  %s: %s\n", logging.Name(s.Origin), logging.Escape(s.Reason))
	}
}

// sourcesIndex runs the normal index sync over the content folder, which
// now holds the sources' documents.
func sourcesIndex(ctx context.Context, env *Env, synced []sourceJSON) error {
	ix, content, err := openIndex(ctx, env, session.IndexRepairing)
	if err != nil {
		return err
	}
	rep, err := ix.Sync(ctx, content, progressBar(env))
	if err != nil {
		return err
	}
	if env.JSON {
		if synced == nil {
			synced = []sourceJSON{}
		}
		return env.WriteJSON(sourcesJSON{Sources: synced, Index: &rep})
	}
	fmt.Fprintf(env.Stdout, "index: %d documents; added %d, updated %d, removed %d, unchanged %d\n",
		rep.Documents, rep.Added, rep.Updated, rep.Removed, rep.Unchanged)
	for _, w := range rep.Warnings {
		fmt.Fprintf(env.Stdout, "warning    %s: %s\n", logging.Name(w.Path), logging.Escape(w.Message))
	}
	return nil
}

// siteCrawler is the polite crawler (robots.txt, rate limits, ETags)
// sitemap sources use, bounded to maxPages, with a progress bar on a
// terminal.
func siteCrawler(env *Env, maxPages int) ingest.SiteCrawler {
	return ingest.SitemapCrawler{Options: crawl.Options{Progress: progressBar(env), MaxPages: maxPages}}
}
