package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"continuity/backend/session"
	"continuity/backend/workdraft"
)

// ErrJobsRunning means the workspace cannot switch while work runs: a
// check or run of the old workspace would be saved under the new one, and
// a sync would index the wrong folder.
var ErrJobsRunning = errors.New("work is still running")

// SwitchWorkspace makes dir the workspace at once ("" goes back to the launch folder, else the bundled
// sample): it is saved as the corpus folder in Settings, outranks a
// --corpus or $CONTINUITY_CORPUS the app was started with for the rest of
// this session, and a sync job brings the index to the new content (a sync
// is authoritative: the old corpus is pruned). Golden sets, runs, checks
// and triage shown from then on are the new workspace's; the old one's are
// kept and come back with it.
func (s *CorpusService) SwitchWorkspace(dir string) (WorkspaceSwitchDTO, error) {
	s.c.ready()
	if len(dir) > 4096 || strings.ContainsRune(dir, 0) {
		return WorkspaceSwitchDTO{}, fmt.Errorf("invalid folder path")
	}
	if running := s.c.jobs.running(); len(running) > 0 {
		return WorkspaceSwitchDTO{}, fmt.Errorf("%w (%s): wait for it to finish or cancel it, then choose the folder again",
			ErrJobsRunning, strings.Join(running, ", "))
	}
	// The folder in force until now may be gone; the switch away from it
	// still goes ahead, the event then names no previous workspace.
	prev, prevErr := s.c.sess.Current(s.c.ctx)
	cur, err := s.c.sess.SwitchWorkspace(s.c.ctx, dir)
	if err != nil {
		return WorkspaceSwitchDTO{}, err
	}
	s.c.log.Info("workspace switched", "workspace", cur.Root, "workspace_id", cur.ID)
	s.c.rewatch()
	ws, err := summaryDTO(cur)
	if err != nil {
		return WorkspaceSwitchDTO{}, err
	}
	out := WorkspaceSwitchDTO{Workspace: ws, JobID: s.startSync(cur.ID, cur.ContentDir())}
	ev := WorkspaceChangedEvent{ID: cur.ID, Root: cur.Root, Name: filepath.Base(cur.Root), SyncJobID: out.JobID}
	if prevErr == nil {
		ev.PreviousID, ev.PreviousRoot, ev.PreviousName = prev.ID, prev.Root, filepath.Base(prev.Root)
		words, err := s.draftWords(prev.ID)
		if err != nil {
			// only the Check view's notice depends on it
			s.c.log.Warn("workspace switched; the previous workspace's draft could not be read", "workspace_id", prev.ID, "err", err)
		}
		ev.PreviousDraft, ev.PreviousWords = words > 0, words
	}
	s.c.jobs.emit.Emit(ChannelWorkspaceChanged, ev)
	return out, nil
}

// draftWords counts the words of a workspace's working draft (0: none).
func (s *CorpusService) draftWords(workspaceID string) (int, error) {
	st, err := workdraft.Open(s.c.ctx, s.c.sess.DB, workspaceID)
	if err != nil {
		return 0, fmt.Errorf("open the working draft: %w", err)
	}
	d, err := st.Get(s.c.ctx)
	if err != nil {
		return 0, fmt.Errorf("read the working draft: %w", err)
	}
	return len(strings.Fields(d.Text)), nil
}

func summaryDTO(cur session.Current) (WorkspaceDTO, error) {
	sum, err := cur.Summarize()
	if err != nil {
		return WorkspaceDTO{}, err
	}
	drafts := sum.Drafts
	if drafts == nil {
		drafts = []string{}
	}
	return WorkspaceDTO{Root: sum.Root, ContentDir: sum.ContentDir, Documents: sum.Documents,
		Drafts: drafts, HasGuidelines: sum.HasGuidelines, HasGolden: sum.HasGolden,
		ID: cur.ID, Source: string(cur.Source), SavedDir: cur.Saved}, nil
}
