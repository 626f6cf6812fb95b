package cli

import (
	"context"
	"fmt"
	"os"

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
	s, cur, err := scope(ctx, env)
	if err != nil {
		return nil, err
	}
	repo, err := golden.NewRepo(ctx, s.DB, cur.ID)
	if err != nil {
		return nil, err
	}
	set, rows, err := c.PullSet(ctx, ws.ID, o.set, repo)
	if err != nil {
		return nil, err
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

// send stores the stopped run and its results on the server. A run that
// did not reach the server is an error: CI must not think it did.
func (sr *serverRun) send(ctx context.Context, env *Env, st *eval.Store, runID string) error {
	if err := sr.client.SendStoredRun(ctx, sr.ws, st, runID, sr.version); err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "run %s recorded on %s\n", runID, sr.url)
	return nil
}
