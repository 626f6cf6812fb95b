package cli

import (
	"context"
	"fmt"
	"io"

	githistory "continuity/backend/history"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// historyJSON is what a sync's history import did.
type historyJSON struct {
	Ran        bool                 `json:"ran"`
	Skipped    string               `json:"skipped,omitempty"`
	Repo       string               `json:"repo,omitempty"`
	Head       string               `json:"head,omitempty"`
	From       string               `json:"from,omitempty"`
	Commits    int                  `json:"commits"`
	Superseded int                  `json:"superseded"`
	UpToDate   bool                 `json:"up_to_date"`
	Warnings   []githistory.Warning `json:"warnings"`
}

// importHistory runs the session's history import after a sync, with
// progress on a terminal; the warnings also go to stderr.
func importHistory(ctx context.Context, env *Env, ix *retrieval.Index, content string, mode session.HistoryMode) (*historyJSON, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return nil, err
	}
	run, err := s.ImportHistory(ctx, ix, content, mode, progressBar(env))
	if err != nil {
		return nil, err
	}
	return historyOf(env, run), nil
}

// historyOf is what a history import did, its warnings also on stderr.
func historyOf(env *Env, run session.HistoryRun) *historyJSON {
	r := run.Report
	out := &historyJSON{Ran: run.Ran, Skipped: run.Skipped, Repo: r.Repo, Head: r.Head, From: r.From, Commits: r.Commits,
		Superseded: r.Superseded, UpToDate: r.UpToDate, Warnings: append([]githistory.Warning{}, r.Warnings...)}
	for _, w := range r.Warnings {
		fmt.Fprintf(env.Stderr, "warning: history: %s\n", w)
	}
	return out
}

func writeHistory(w io.Writer, h *historyJSON) {
	switch {
	case h == nil:
	case !h.Ran:
		fmt.Fprintf(w, "history    not read: %s\n", h.Skipped)
	case h.UpToDate:
		fmt.Fprintf(w, "history    up to date (%s)\n", short7(h.Head))
	default:
		fmt.Fprintf(w, "history    %d commits read up to %s, %d superseded sentences recorded\n", h.Commits, short7(h.Head), h.Superseded)
	}
}

func short7(s string) string { return s[:min(7, len(s))] }
