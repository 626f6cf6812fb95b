package session

import (
	"context"
	"errors"
	"fmt"

	"continuity/backend/history"
	"continuity/backend/progress"
	"continuity/backend/retrieval"
)

// HistoryRun says whether a history import ran and what it did; Skipped
// says why it did not ("" when it ran).
type HistoryRun struct {
	Report  history.Report
	Ran     bool
	Skipped string
}

// HistoryMode says when ImportHistory reads git.
type HistoryMode int

const (
	// HistoryIfOn imports when the Settings switch is on (the default)
	// and the content folder is in a git repository: `index`, `changes`
	// and the desktop's sync.
	HistoryIfOn HistoryMode = iota
	// HistoryCatchUp imports only the commits since an earlier import,
	// so a reader's sync stays cheap and a first import of a long
	// history never delays a check.
	HistoryCatchUp
	// HistoryForce imports whatever the switch says (index --history);
	// a folder outside git is an error.
	HistoryForce
)

// ImportHistory reads the git history of contentDir into ix as mode says.
// A workspace that is not in a git repository has no history to read;
// that is not an error unless the import was asked for.
func (s *Session) ImportHistory(ctx context.Context, ix *retrieval.Index, contentDir string, mode HistoryMode, report progress.Func) (HistoryRun, error) {
	if mode != HistoryForce {
		st, err := s.Settings.Load(ctx)
		if err != nil {
			return HistoryRun{}, err
		}
		if !st.GitHistory {
			return HistoryRun{Skipped: "history import is off in Settings"}, nil
		}
	}
	if mode == HistoryCatchUp {
		m, err := ix.HistoryMark(ctx, contentDir)
		if err != nil {
			return HistoryRun{}, err
		}
		if m.Head == "" && m.Target == "" {
			return HistoryRun{Skipped: "history not imported yet (continuity index imports it)"}, nil
		}
	}
	rep, err := history.Import(ctx, ix, contentDir, history.Options{Progress: report, Log: s.Log})
	switch {
	case mode != HistoryForce && errors.Is(err, history.ErrNotRepo):
		return HistoryRun{Skipped: "the workspace is not in a git repository"}, nil
	case mode != HistoryForce && errors.Is(err, history.ErrNoGit):
		// Not silent: a git workspace without git loses its history.
		return HistoryRun{Skipped: "git is not on PATH, so the git history was not read"}, nil
	case err != nil:
		return HistoryRun{Report: rep, Ran: true}, fmt.Errorf("import the git history: %w", err)
	}
	return HistoryRun{Report: rep, Ran: true}, nil
}
