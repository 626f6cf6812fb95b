package teamclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"continuity/backend/eval"
	"continuity/backend/golden"
)

// What a run made on this machine against a server's golden set needs:
// the set pulled into the local copy first, the run sent back when it
// stops. CI (`eval --server`) and a desktop following a server share it.

// PullSet makes the local copy of set (in repo) the server's current
// version; a new local version is saved only when the rows differ. It
// returns the server's set, whose Version the run is recorded under.
func (c *Client) PullSet(ctx context.Context, ws, set string, repo *golden.Repo) (golden.Set, []golden.Row, error) {
	remote, rows, err := c.GoldenSet(ctx, ws, set)
	if err != nil {
		return golden.Set{}, nil, err
	}
	local, err := repo.Rows(ctx, set)
	if err != nil || !sameRows(local, rows) {
		summary := fmt.Sprintf("from %s, version %d", c.base.Redacted(), remote.Version)
		if _, err := repo.Save(ctx, set, remote.Description, remote.UpdatedBy, summary, rows); err != nil {
			return golden.Set{}, nil, err
		}
	}
	return remote, rows, nil
}

func sameRows(a, b []golden.Row) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// SendStoredRun sends a stopped local run with its results, recorded on
// the server as a run of the server's version of the set (the local copy
// numbers its versions its own way; both are kept in the run's settings).
func (c *Client) SendStoredRun(ctx context.Context, ws string, st *eval.Store, runID string, serverVersion int) error {
	run, err := st.Run(ctx, runID)
	if err != nil {
		return err
	}
	results, err := st.Results(ctx, runID)
	if err != nil {
		return err
	}
	if run.Settings == nil {
		run.Settings = map[string]string{}
	}
	run.Settings["golden_source"] = fmt.Sprintf("%s version %d", c.base.Redacted(), serverVersion)
	run.Settings["golden_local_version"] = run.GoldenVersion
	run.GoldenVersion = strconv.Itoa(serverVersion)
	if err := c.SendRun(ctx, ws, run, results); err != nil {
		return fmt.Errorf("run %s was not recorded on the server: %w", runID, err)
	}
	return nil
}
