package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strconv"

	"continuity/backend/eval"
	"continuity/backend/golden"
	"continuity/backend/teamclient"
)

// serverRun is an eval run's link to a team server: where its golden set
// came from and where the run goes when it stops.
type serverRun struct {
	client  *teamclient.Client
	url     string
	ws      string
	set     string
	version int
}

// pullServerSet makes the local copy of --set the server's current
// version, so CI gates on the set the experts keep there (a new local
// version only when the rows changed).
func pullServerSet(ctx context.Context, env *Env, o evalFlags) (*serverRun, error) {
	if o.set == "" || o.golden != "" {
		return nil, Usagef("--server runs the server's golden set: give --set NAME, not --golden")
	}
	c, ws, err := serverClient(ctx, env, o.server, o.serverWorkspace)
	if err != nil {
		return nil, err
	}
	set, rows, err := c.GoldenSet(ctx, ws.ID, o.set)
	if err != nil {
		return nil, err
	}
	s, cur, err := scope(ctx, env)
	if err != nil {
		return nil, err
	}
	repo, err := golden.NewRepo(ctx, s.DB, cur.ID)
	if err != nil {
		return nil, err
	}
	local, err := repo.Rows(ctx, o.set)
	if err != nil || !sameRows(local, rows) {
		summary := fmt.Sprintf("from %s, version %d", o.server, set.Version)
		if _, err := repo.Save(ctx, o.set, set.Description, set.UpdatedBy, summary, rows); err != nil {
			return nil, err
		}
	}
	fmt.Fprintf(env.Stderr, "golden set %q: version %d from %s (%d rows)\n", o.set, set.Version, o.server, len(rows))
	return &serverRun{client: c, url: o.server, ws: ws.ID, set: o.set, version: set.Version}, nil
}

// serverClient is a client of the team server at url with $CONTINUITY_TOKEN
// (kept out of every output), and the server's workspace for this token.
func serverClient(ctx context.Context, env *Env, url, want string) (*teamclient.Client, teamclient.Workspace, error) {
	token := os.Getenv("CONTINUITY_TOKEN")
	if token != "" {
		env.Redactor.AddSecret(token)
	}
	c, err := teamclient.New(url, token)
	if err != nil {
		return nil, teamclient.Workspace{}, err
	}
	ws, err := c.Workspace(ctx, want)
	return c, ws, err
}

func sameRows(a, b []golden.Row) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && reflect.DeepEqual(ja, jb)
}

// send stores the stopped run and its results on the server. A run that
// did not reach the server is an error: CI must not think it did.
func (sr *serverRun) send(ctx context.Context, env *Env, st *eval.Store, runID string) error {
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
	run.Settings["golden_source"] = fmt.Sprintf("%s version %d", sr.url, sr.version)
	// on the server the run is of the server's version of the set (the
	// local copy numbers its versions its own way)
	run.Settings["golden_local_version"] = run.GoldenVersion
	run.GoldenVersion = strconv.Itoa(sr.version)
	if err := sr.client.SendRun(ctx, sr.ws, run, results); err != nil {
		return fmt.Errorf("run %s was not recorded on the server: %w", runID, err)
	}
	fmt.Fprintf(env.Stderr, "run %s recorded on %s\n", runID, sr.url)
	return nil
}
