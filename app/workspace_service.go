package app

import (
	"errors"
	"fmt"
	"strings"

	"continuity/backend/session"
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
	cur, err := s.c.sess.SwitchWorkspace(s.c.ctx, dir)
	if err != nil {
		return WorkspaceSwitchDTO{}, err
	}
	s.c.log.Info("workspace switched", "workspace", cur.Root, "workspace_id", cur.ID)
	ws, err := summaryDTO(cur)
	if err != nil {
		return WorkspaceSwitchDTO{}, err
	}
	return WorkspaceSwitchDTO{Workspace: ws, JobID: s.startSync(cur.ContentDir())}, nil
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
