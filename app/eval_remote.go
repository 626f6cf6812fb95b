package app

import (
	"context"
	"strconv"

	"continuity/backend/eval"
	"continuity/backend/golden"
)

// The Evaluations view on a team server: runs CI and other desktops
// recorded there, their scorecards (with the trend), gates and pins.

func (r *remote) listRuns(c *core, set string) ([]EvalRunDTO, error) {
	return r.client.RunRecords(c.ctx, r.ws.ID, set)
}

func (r *remote) scorecard(c *core, runID, baseline string) (ScorecardDTO, error) {
	return r.client.Scorecard(c.ctx, r.ws.ID, runID, baseline)
}

func (r *remote) pin(c *core, runID string) (EvalRunDTO, error) {
	return r.client.Pin(c.ctx, r.ws.ID, runID)
}

func (r *remote) gate(c *core, set string) ([]MetricThresholdDTO, error) {
	return r.client.Gate(c.ctx, r.ws.ID, set)
}

// setGate sends the view's rows as the server's edits: metric=0.8, or
// metric=none for an advisory metric.
func (r *remote) setGate(c *core, set string, rows []MetricThresholdDTO) ([]MetricThresholdDTO, error) {
	edits := make([]string, len(rows))
	for i, t := range rows {
		v := strconv.FormatFloat(t.Threshold, 'f', -1, 64)
		if t.Advisory {
			v = "none"
		}
		edits[i] = t.Metric + "=" + v
	}
	return r.client.SetGate(c.ctx, r.ws.ID, set, edits)
}

// serverSet is a run's link to the team server: the server's version of
// the set it runs, and where it goes when it stops.
type serverSet struct {
	r       *remote
	version int
}

// pull makes the local copy of set the team server's current version
// before a run or its estimate; nil when the desktop follows no server.
func (s *EvalService) pull(set string) (*serverSet, error) {
	r, err := s.c.team()
	if err != nil || r == nil {
		return nil, err
	}
	ws, err := s.c.sess.WorkspaceID(s.c.ctx)
	if err != nil {
		return nil, err
	}
	repo, err := golden.NewRepo(s.c.ctx, s.c.sess.DB, ws)
	if err != nil {
		return nil, err
	}
	remote, _, err := r.client.PullSet(s.c.ctx, r.ws.ID, set, repo)
	if err != nil {
		return nil, err
	}
	return &serverSet{r: r, version: remote.Version}, nil
}

// send records a stopped local run on the server; a run that did not
// reach it fails the job, so nobody takes it for recorded.
func (ss *serverSet) send(ctx context.Context, c *core, runID string) error {
	ws, err := c.sess.WorkspaceID(ctx)
	if err != nil {
		return err
	}
	st, err := eval.OpenStore(ctx, c.sess.DB, ws)
	if err != nil {
		return err
	}
	return ss.r.client.SendStoredRun(ctx, ss.r.ws.ID, st, runID, ss.version)
}
