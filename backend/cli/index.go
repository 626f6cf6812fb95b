package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/logging"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

func indexCommand() *Command {
	return &Command{
		Name:    "index",
		Summary: "sync the hybrid index with the published corpus",
		Help: `Adds new and changed published documents, removes deleted, archived, draft and
unpublished ones, and skips unchanged files. --watch keeps running and re-syncs
when files change. --strict exits 1 when a file is left out for a reason to
fix: a duplicate document id (the page keeping the id is its duplicate_of),
too large, unreadable or not a regular file. --json prints {"added","updated","removed","unchanged",
"documents","chunks","warnings":[{"path","message"}],"skipped":[{"path",
"reason","detail"}],"embedder","embed_model",
"sentence_embedder","sentence_model","embed_notice"}.

--verify writes nothing (no sync, no repair): it diffs the workspace against
the index (documents, content hashes, chunks, BM25 entries, vectors,
sentences), lists every drift with its document and exits 1 when there is
any, a damaged index included. --repair rebuilds the BM25 indexes from the
registry (the fix for a damaged index), re-indexes the documents whose chunk
rows, BM25 entries or vectors were lost (a plain sync skips them: their
files did not change), then syncs. --json prints
{"clean","workspace_documents","indexed_documents","expected_chunks","chunks",
"lexical_chunks","drift":[{"kind","doc_id","path","message"}]}.

In a workspace inside a git repository, each sync also reads the commits made
since the last one and records every published sentence they changed or
removed (Settings: "import git history", on by default); --history imports it
even when that is off, and fails outside git. --json adds "history":{"ran",
"skipped","repo","head","from","commits","superseded","up_to_date",
"warnings":[{"commit","path","message"}]}.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			watch := fs.Bool("watch", false, "keep running and re-sync on file changes")
			strict := fs.Bool("strict", false, "exit 1 when a file is left out of the index for a reason to fix (duplicate id, too large, unreadable, not a regular file)")
			verify := fs.Bool("verify", false, "report drift between the workspace and the index without syncing; exit 1 on drift")
			repair := fs.Bool("repair", false, "verify, re-index the documents whose index rows are damaged, then sync")
			hist := fs.Bool("history", false, "import the git history of the published files even when Settings turns it off")
			return func(ctx context.Context, env *Env, args []string) error {
				if len(args) > 0 {
					return Usagef("index takes no arguments")
				}
				if *strict && (*watch || *verify || *repair) {
					return Usagef("--strict runs one sync; it does not go with --watch, --verify or --repair")
				}
				if *verify || *repair {
					if *watch || (*verify && *repair) {
						return Usagef("--verify and --repair run once, alone")
					}
					if *repair {
						return runIndexRepair(ctx, env)
					}
					return runIndexVerify(ctx, env)
				}
				mode := session.HistoryIfOn
				if *hist {
					mode = session.HistoryForce
				}
				return runIndex(ctx, env, *watch, *strict, mode)
			}
		},
	}
}

type indexWarningJSON struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

type indexJSON struct {
	Added     int                `json:"added"`
	Updated   int                `json:"updated"`
	Removed   int                `json:"removed"`
	Unchanged int                `json:"unchanged"`
	Documents int                `json:"documents"`
	Chunks    int                `json:"chunks"`
	Warnings  []indexWarningJSON `json:"warnings"`
	Skipped   []corpus.Skipped   `json:"skipped"` // every file not indexed: path, reason, detail
	// Embedder and EmbedModel name what produced the vectors (the model
	// hash for pretrained ones); EmbedNotice says why when it is a fallback.
	Embedder         string `json:"embedder"`
	EmbedModel       string `json:"embed_model"`
	SentenceEmbedder string `json:"sentence_embedder,omitempty"`
	SentenceModel    string `json:"sentence_model,omitempty"`
	EmbedNotice      string `json:"embed_notice,omitempty"`
	// History is what the git history import did; absent when none was
	// considered (a watch re-sync).
	History *historyJSON `json:"history,omitempty"`
}

func openIndex(ctx context.Context, env *Env, mode session.IndexMode) (*retrieval.Index, string, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return nil, "", err
	}
	ws, err := s.Workspace(ctx)
	if err != nil {
		return nil, "", err
	}
	ix, err := s.OpenIndexMode(ctx, progressBar(env), mode)
	if err != nil {
		return nil, "", err
	}
	for _, r := range ix.Repairs {
		fmt.Fprintf(env.Stderr, "index repaired: %s\n", r)
	}
	if st, err := ix.Stats(ctx); err == nil && st.EmbedNotice != "" {
		fmt.Fprintf(env.Stderr, "notice: %s\n", st.EmbedNotice)
	}
	return ix, ws.ContentDir(), nil
}

func runIndex(ctx context.Context, env *Env, watch, strict bool, mode session.HistoryMode) error {
	ix, content, err := openIndex(ctx, env, session.IndexRepairing)
	if err != nil {
		return err
	}
	rep, err := ix.Sync(ctx, content, progressBar(env))
	if err != nil {
		return err
	}
	hist, err := importHistory(ctx, env, ix, content, mode)
	if err != nil {
		return err
	}
	if err := writeIndexReport(ctx, env, rep, ix, hist); err != nil {
		return err
	}
	if watch { // --strict does not go with --watch
		return watchIndex(ctx, env, content)
	}
	if err := fillSentenceVectors(ctx, env); err != nil {
		return err
	}
	if strict {
		return strictSkips(env, rep.Skipped)
	}
	return nil
}

// fillSentenceVectors releases the index (checks and searches need not
// wait) and embeds the published sentences the sync left without a
// vector. Interrupted, it keeps what it embedded; the next index run or
// the checks' own reads go on from there.
func fillSentenceVectors(ctx context.Context, env *Env) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	if err := s.ReleaseIndex(); err != nil {
		return err
	}
	rep, err := s.FillSentenceVectors(ctx, progressBar(env))
	if err != nil {
		return fmt.Errorf("sentence vectors (search and check work without them; run continuity index again to finish): %w", err)
	}
	if rep.Embedded > 0 && !env.JSON {
		fmt.Fprintf(env.Stderr, "sentence vectors: embedded %d; %d of %d published sentences have one\n", rep.Embedded, rep.Have, rep.Total)
	}
	return nil
}

// watchIndex re-syncs on every burst of file changes. The index (and its
// writer lock) is held only during each sync and released in between, so
// check and search never wait for an idle watcher (issue 29).
func watchIndex(ctx context.Context, env *Env, content string) error {
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	if err := s.ReleaseIndex(); err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "watching %s (Ctrl+C to stop)\n", content)
	// The sentence vectors fill in the background, so a change is synced
	// at once: the next sync stops the fill (its pages are kept) and
	// starts it again after.
	var fill backgroundFill
	defer fill.stop()
	fill.start(ctx, env)
	return retrieval.Watch(ctx, content, 500*time.Millisecond, func(ctx context.Context) error {
		fill.stop()
		ix, _, err := openIndex(ctx, env, session.IndexRepairing)
		if err != nil {
			return err
		}
		rep, err := ix.Sync(ctx, content, progressBar(env))
		if err == nil {
			err = writeIndexReport(ctx, env, rep, ix, nil)
		}
		err = errors.Join(err, s.ReleaseIndex())
		if err == nil {
			fill.start(ctx, env)
		}
		return err
	}, func(err error) {
		fmt.Fprintf(env.Stderr, "sync failed: %s\n", logging.Escape(err.Error()))
	})
}

// backgroundFill runs fillSentenceVectors beside the watcher, one at a time.
type backgroundFill struct {
	cancel context.CancelFunc
	done   chan struct{}
}

func (f *backgroundFill) start(ctx context.Context, env *Env) {
	fctx, cancel := context.WithCancel(ctx)
	f.cancel, f.done = cancel, make(chan struct{})
	go func(done chan struct{}) {
		defer close(done)
		if err := fillSentenceVectors(fctx, env); err != nil && fctx.Err() == nil {
			fmt.Fprintf(env.Stderr, "%s\n", logging.Escape(err.Error()))
		}
	}(f.done)
}

// stop cancels a running fill and waits for it; what it stored stays.
func (f *backgroundFill) stop() {
	if f.cancel == nil {
		return
	}
	f.cancel()
	<-f.done
	f.cancel = nil
}

// statser is what the report needs of the index: which embedder made the vectors.
type statser interface {
	Stats(ctx context.Context) (retrieval.Stats, error)
}

func writeIndexReport(ctx context.Context, env *Env, rep retrieval.Report, ix statser, hist *historyJSON) error {
	out := indexJSON{Added: rep.Added, Updated: rep.Updated, Removed: rep.Removed, Unchanged: rep.Unchanged,
		Documents: rep.Documents, Chunks: rep.Chunks, Warnings: []indexWarningJSON{}, Skipped: append([]corpus.Skipped{}, rep.Skipped...),
		History: hist}
	for _, w := range rep.Warnings {
		out.Warnings = append(out.Warnings, indexWarningJSON{Path: w.Path, Message: w.Message})
	}
	if st, err := ix.Stats(ctx); err == nil {
		out.Embedder, out.EmbedModel, out.EmbedNotice = st.Embedder, st.EmbedModel, st.EmbedNotice
		out.SentenceEmbedder, out.SentenceModel = st.SentenceEmbedder, st.SentenceModel
	} else {
		return err
	}
	if env.JSON {
		return env.WriteJSON(out)
	}
	fmt.Fprintf(env.Stdout, "source     %d published documents\nindex      %d documents, %d chunks\nadded %d, updated %d, removed %d, unchanged %d\n",
		rep.Source, rep.Documents, rep.Chunks, rep.Added, rep.Updated, rep.Removed, rep.Unchanged)
	fmt.Fprintf(env.Stdout, "vectors    %s\n", describeEmbedder(out.Embedder, out.EmbedModel))
	if out.SentenceModel != "" && out.SentenceModel != out.EmbedModel {
		fmt.Fprintf(env.Stdout, "sentences  %s\n", describeEmbedder(out.SentenceEmbedder, out.SentenceModel))
	}
	listed := listedSkips(out.Skipped)
	for _, w := range out.Warnings {
		// A skip listed file by file below says it once, with its reason.
		// Warnings name files from the content root, skips from the
		// workspace root ("content/" when the content has its own folder).
		if listed[w.Path] || listed["content/"+w.Path] {
			continue
		}
		fmt.Fprintf(env.Stdout, "warning    %s: %s\n", logging.Name(w.Path), logging.Escape(w.Message))
	}
	writeSkipped(env.Stdout, out.Skipped)
	writeHistory(env.Stdout, hist)
	return nil
}

// progressBar draws on a terminal only; pipes and CI logs stay clean. It
// writes the raw stream: its \r must move the cursor, not be escaped.
func progressBar(env *Env) progress.Func {
	if !env.IsTerminal() {
		return nil
	}
	return progress.Throttle(func(e progress.Event) {
		if e.Total > 0 {
			const width = 30
			filled := width * e.Done / e.Total
			bar := fmt.Sprintf("%-*s", width, repeat(`#`, filled))
			fmt.Fprintf(env.rawStderr, "\r%-9s [%s] %d/%d", e.Stage, bar, e.Done, e.Total)
			if e.Done >= e.Total {
				fmt.Fprintln(env.rawStderr)
			}
			return
		}
		fmt.Fprintf(env.rawStderr, "\r%s…\n", e.Stage)
	}, 100*time.Millisecond)
}

func repeat(s string, n int) string { return strings.Repeat(s, n) }
