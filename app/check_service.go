package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/check"
	"continuity/backend/checkview"
	"continuity/backend/engine"
	"continuity/backend/progress"
	"continuity/backend/text"
	"continuity/backend/voice"
	"continuity/backend/workdraft"
)

// CheckService checks drafts against the corpus and keeps their history.
type CheckService struct {
	c *core
	// saveDialog asks where to save; nil is the Wails dialog (tests set
	// it, as no window exists there).
	saveDialog func(ctx context.Context, opts runtime.SaveDialogOptions) (string, error)
}

// ListDrafts lists the workspace's sample drafts.
func (s *CheckService) ListDrafts() ([]string, error) {
	s.c.ready()
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return nil, err
	}
	d, err := ws.ListDrafts()
	if d == nil {
		d = []string{}
	}
	return d, err
}

// ReadDraft returns a draft's text. Only a bare file name from the drafts
// folder is accepted: bound methods are callable by any script in the
// webview, so this must never become a general file reader.
func (s *CheckService) ReadDraft(name string) (string, error) {
	s.c.ready()
	if name == "" || name != filepath.Base(name) || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		return "", fmt.Errorf("invalid draft name %q", name)
	}
	ws, err := s.c.sess.Workspace(s.c.ctx)
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(ws.DraftsDir(), name))
	if err != nil {
		return "", fmt.Errorf("read draft %s: %w", name, err)
	}
	return text.TrimBOMString(string(b)), nil
}

// Check starts a check of text as a cancellable job and returns its ID.
// engine is "offline", "llm" or "" for the engine in Settings. The job's
// done event carries the CheckReportDTO, already saved in the history with
// its voice issues.
func (s *CheckService) Check(text, engineName string) (string, error) {
	s.c.ready()
	if err := checkText(text); err != nil {
		return "", err
	}
	if strings.TrimSpace(text) == "" {
		return "", fmt.Errorf("the draft is empty")
	}
	var eng engine.Engine
	if engineName != "" {
		e, err := engine.Parse(engineName)
		if err != nil {
			return "", err
		}
		eng = e
	}
	if r, err := s.c.team(); err != nil {
		return "", err
	} else if r != nil {
		// checked by the team server, on its index, into its history
		return s.c.jobs.start("check", func(ctx context.Context, _ progress.Func) (any, error) {
			return r.client.Check(ctx, r.ws.ID, text, engineName)
		}), nil
	}
	return s.c.jobs.start("check", func(ctx context.Context, report progress.Func) (any, error) {
		out, err := check.Run(ctx, s.c.sess, check.Request{Draft: text, Source: check.SourceDesktop, Engine: eng,
			DraftVersion: s.workingVersion(ctx, text)}, report)
		if err != nil {
			return nil, desktopCheckError(err)
		}
		switch {
		case errors.Is(out.VoiceSkipped, voice.ErrNoGuidelines):
			s.c.log.Info("voice check not run", "err", out.VoiceSkipped)
		case out.VoiceSkipped != nil:
			s.c.log.Warn("voice check not run", "err", out.VoiceSkipped)
		}
		return checkview.FromRecord(out.Record), nil
	}), nil
}

// workingVersion is the saved working draft's version when text is it,
// so the check names the draft version it checked; 0 otherwise. A store
// that cannot be read only loses the link, never the check.
func (s *CheckService) workingVersion(ctx context.Context, text string) int64 {
	ws, err := s.c.sess.WorkspaceID(ctx)
	if err != nil {
		return 0
	}
	st, err := workdraft.Open(ctx, s.c.sess.DB, ws)
	if err != nil {
		s.c.log.Warn("working draft unreadable; check not linked to a draft version", "err", err)
		return 0
	}
	d, err := st.Get(ctx)
	if err != nil {
		s.c.log.Warn("working draft unreadable; check not linked to a draft version", "err", err)
		return 0
	}
	if d.Text != text {
		return 0
	}
	return d.Version
}

// desktopCheckError says the way out of a check error in the app's terms.
func desktopCheckError(err error) error {
	if errors.Is(err, check.ErrNoKey) {
		return fmt.Errorf("%w; add an API key in Settings, or choose the offline engine in Settings", err)
	}
	return err
}

// repo is the check history of the workspace in force.
func (s *CheckService) repo(ctx context.Context) (*check.Repo, error) {
	ws, err := s.c.sess.WorkspaceID(ctx)
	if err != nil {
		return nil, err
	}
	return check.NewRepo(ctx, s.c.sess.DB, ws)
}

func validID(id int64) error {
	if id <= 0 {
		return fmt.Errorf("invalid check id %d", id)
	}
	return nil
}

// ListHistory lists the workspace's past checks, newest first.
func (s *CheckService) ListHistory() ([]CheckHistoryEntryDTO, error) {
	s.c.ready()
	if r, err := s.c.team(); err != nil {
		return nil, err
	} else if r != nil {
		return r.client.Checks(s.c.ctx, r.ws.ID)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return nil, err
	}
	list, err := repo.List(s.c.ctx)
	if err != nil {
		return nil, err
	}
	out := make([]CheckHistoryEntryDTO, 0, len(list))
	for _, e := range list {
		out = append(out, checkview.FromEntry(e))
	}
	return out, nil
}

// GetCheck reopens a past check.
func (s *CheckService) GetCheck(id int64) (CheckReportDTO, error) {
	s.c.ready()
	if err := validID(id); err != nil {
		return CheckReportDTO{}, err
	}
	if r, err := s.c.team(); err != nil {
		return CheckReportDTO{}, err
	} else if r != nil {
		return r.client.CheckView(s.c.ctx, r.ws.ID, id)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return CheckReportDTO{}, err
	}
	rec, err := repo.Get(s.c.ctx, id)
	if err != nil {
		return CheckReportDTO{}, err
	}
	return checkview.FromRecord(rec), nil
}

// DeleteCheck removes a check from the history (its 👎 triage rows stay).
func (s *CheckService) DeleteCheck(id int64) error {
	s.c.ready()
	if err := validID(id); err != nil {
		return err
	}
	if r, err := s.c.team(); err != nil {
		return err
	} else if r != nil {
		return r.client.DeleteCheck(s.c.ctx, r.ws.ID, id)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return err
	}
	return repo.Delete(s.c.ctx, id)
}

// SetFeedback records 👍 ("up"), 👎 ("down") or no vote ("") on one claim.
func (s *CheckService) SetFeedback(checkID int64, claimIndex int, vote, note string) error {
	s.c.ready()
	if err := validID(checkID); err != nil {
		return err
	}
	if r, err := s.c.team(); err != nil {
		return err
	} else if r != nil {
		return r.client.SetFeedback(s.c.ctx, r.ws.ID, checkID, claimIndex, vote, note)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return err
	}
	if err := repo.SetFeedback(s.c.ctx, checkID, claimIndex, vote, note); err != nil {
		return err
	}
	if vote == check.VoteDown {
		// The vote stands either way; the card asks again (TriageCause)
		// and shows the error there.
		if _, err := s.suggestCause(repo, checkID, claimIndex); err != nil {
			s.c.log.Warn("no triage cause suggested", "check", checkID, "claim", claimIndex, "err", err)
		}
	}
	return nil
}

// Dismiss records that a finding of a check needs no change, and why:
// kind is "claim" or "voice", index the finding's index in the check
// (CheckClaimDTO.Index, CheckVoiceIssueDTO.Index). An empty reason
// restores it. A dismissed claim is also a 👎 with the reason as its note,
// so it shows in triage.
func (s *CheckService) Dismiss(checkID int64, kind string, index int, reason string) error {
	s.c.ready()
	if err := validID(checkID); err != nil {
		return err
	}
	if r, err := s.c.team(); err != nil {
		return err
	} else if r != nil {
		return r.client.Dismiss(s.c.ctx, r.ws.ID, checkID, kind, index, reason)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return err
	}
	return repo.Dismiss(s.c.ctx, checkID, kind, index, reason)
}

// ListTriage lists every 👎 claim of the workspace, newest first.
func (s *CheckService) ListTriage() ([]TriageItemDTO, error) {
	s.c.ready()
	if r, err := s.c.team(); err != nil {
		return nil, err
	} else if r != nil {
		return r.client.Triage(s.c.ctx, r.ws.ID)
	}
	repo, err := s.repo(s.c.ctx)
	if err != nil {
		return nil, err
	}
	items, err := repo.Triage(s.c.ctx)
	if err != nil {
		return nil, err
	}
	out := make([]TriageItemDTO, 0, len(items))
	for _, f := range items {
		out = append(out, checkview.FromFeedback(f))
	}
	return out, nil
}
