package history

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"continuity/backend/corpus"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
)

// Index is what the import needs of the index.
type Index interface {
	HistoryMark(ctx context.Context, contentDir string) (retrieval.HistoryMark, error)
	RecordHistory(ctx context.Context, contentDir string, recs []retrieval.HistoryRecord, mark retrieval.HistoryMark) (int, error)
	DocumentSentences(d corpus.Document) []retrieval.VersionSentence
}

// Options tune an import. Zero values take the defaults.
type Options struct {
	Progress progress.Func
	// BatchCommits is how many commits one durable step records; default 100.
	BatchCommits int
	Log          *slog.Logger
}

// Warning is a commit or file the import could not read; it went on
// without it.
type Warning struct {
	Commit  string `json:"commit,omitempty"`
	Path    string `json:"path,omitempty"`
	Message string `json:"message"`
}

// String is the warning in one line: "commit 1a2b3c4, faq.md: …".
func (w Warning) String() string {
	switch {
	case w.Commit != "" && w.Path != "":
		return fmt.Sprintf("commit %s, %s: %s", w.Commit, w.Path, w.Message)
	case w.Commit != "":
		return fmt.Sprintf("commit %s: %s", w.Commit, w.Message)
	}
	return w.Message
}

// Report says what an import read and recorded.
type Report struct {
	Repo       string        `json:"repo"` // the work tree's root
	Head       string        `json:"head"` // the commit the history is now read up to
	From       string        `json:"from,omitempty"`
	Commits    int           `json:"commits"`    // commits read by this run
	Superseded int           `json:"superseded"` // sentences newly recorded
	UpToDate   bool          `json:"up_to_date"` // nothing new since the last import
	Warnings   []Warning     `json:"warnings"`
	Elapsed    time.Duration `json:"-"`
}

// maxWarnings bounds the listed warnings; the rest are counted in one.
const maxWarnings = 200

func (r *Report) warn(w Warning) {
	switch {
	case len(r.Warnings) < maxWarnings:
		r.Warnings = append(r.Warnings, w)
	case len(r.Warnings) == maxWarnings:
		r.Warnings = append(r.Warnings, Warning{Message: "more files could not be read; only the first warnings are listed"})
	}
}

// Import records the sentences the history of contentDir's git repository
// superseded, reading only the commits after the last import. A crash or
// cancel keeps every batch already written and the next run resumes
// after it. ErrNotRepo and ErrNoGit say why there is no history to read.
func Import(ctx context.Context, ix Index, contentDir string, o Options) (Report, error) {
	start := time.Now()
	if o.BatchCommits <= 0 {
		o.BatchCommits = 100
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	rep := Report{Warnings: []Warning{}}
	r, err := openRepo(ctx, contentDir)
	if err != nil {
		return rep, err
	}
	rep.Repo = r.root
	head, err := r.head(ctx)
	if err != nil || head == "" {
		rep.UpToDate = err == nil
		return rep, err
	}
	mark, err := ix.HistoryMark(ctx, contentDir)
	if err != nil {
		return rep, err
	}
	if (mark.Head != "" || mark.Target != "") && mark.Chunker != corpus.ChunkVersion {
		// Sentences split by another parser pair with none the index now
		// holds: the history is read again the way the sync reads pages.
		rep.warn(Warning{Commit: mark.Head, Message: "the history was read with an older version of the parser; reading the whole history again"})
		mark = retrieval.HistoryMark{}
	}
	rep.Head, rep.From = head, mark.Head
	if mark.Head == head {
		rep.UpToDate = true
		return rep, nil
	}
	rng := head
	if mark.Head != "" {
		ok, err := r.isAncestor(ctx, mark.Head, head)
		if err != nil {
			return rep, err
		}
		if ok {
			rng = mark.Head + ".." + head
		} else {
			rep.warn(Warning{Commit: mark.Head, Message: "the last imported commit is no longer in the history of HEAD (rewritten?); reading the whole history again (nothing is recorded twice)"})
			mark = retrieval.HistoryMark{}
		}
	}
	skip := 0
	if mark.Target == head {
		skip = mark.Done // a previous run towards this head stopped part way
	}
	specs := r.pathspecs(corpus.Extensions())
	total, err := r.countCommits(ctx, rng, specs)
	if err != nil {
		return rep, err
	}
	rules, _, err := corpus.LoadIgnore(corpus.WorkspaceRoot(contentDir))
	if err != nil {
		return rep, err
	}
	b, err := r.openBlobs(ctx)
	if err != nil {
		return rep, err
	}
	w := &walker{ix: ix, repo: r, blobs: b, contentDir: contentDir, rules: rules, rep: &rep, cache: map[string]version{}}
	var batch []retrieval.HistoryRecord
	done := 0
	flush := func(final bool) error {
		m := retrieval.HistoryMark{Head: mark.Head, Target: head, Done: done, Chunker: corpus.ChunkVersion}
		if final {
			m = retrieval.HistoryMark{Head: head, Chunker: corpus.ChunkVersion}
		}
		n, err := ix.RecordHistory(context.WithoutCancel(ctx), contentDir, batch, m)
		rep.Superseded += n
		batch = batch[:0]
		return err
	}
	err = r.log(ctx, rng, specs, func(c commit) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		n := done + 1
		if n <= skip {
			done = n
			return nil
		}
		recs, err := w.commit(ctx, c)
		if err != nil {
			return err
		}
		batch = append(batch, recs...)
		done = n
		rep.Commits++
		o.Progress.Report(progress.Event{Stage: "history", Done: done, Total: max(total, done), Message: short(c.sha) + " " + c.subject})
		if rep.Commits%o.BatchCommits == 0 {
			return flush(false)
		}
		return nil
	})
	cerr := b.close()
	if err == nil && cerr != nil && ctx.Err() == nil {
		err = fmt.Errorf("git cat-file: %w", cerr)
	}
	if err != nil {
		// What was read is kept, so the next run resumes after it.
		if ferr := flush(false); ferr != nil {
			err = errors.Join(err, ferr)
		}
		rep.Elapsed = time.Since(start)
		return rep, err
	}
	err = flush(true)
	rep.Elapsed = time.Since(start)
	for _, wn := range rep.Warnings {
		o.Log.Warn("history import", "commit", wn.Commit, "path", wn.Path, "message", wn.Message)
	}
	return rep, err
}

func short(sha string) string { return sha[:min(7, len(sha))] }
