package cli

import (
	"context"
	"errors"
	"fmt"

	"continuity/backend/eval"
	"continuity/backend/session"
)

// scope opens the session and resolves the workspace in force: golden
// sets, runs, baselines, thresholds and checks are read and written under
// its id, so another --corpus shows none of them.
func scope(ctx context.Context, env *Env) (*session.Session, session.Current, error) {
	s, err := env.Session(ctx)
	if err != nil {
		return nil, session.Current{}, err
	}
	cur, err := s.Current(ctx)
	if err != nil {
		return nil, session.Current{}, err
	}
	return s, cur, nil
}

// evalStore is the run store of the workspace in force.
func evalStore(ctx context.Context, env *Env) (*session.Session, *eval.Store, error) {
	s, cur, err := scope(ctx, env)
	if err != nil {
		return nil, nil, err
	}
	st, err := eval.OpenStore(ctx, s.DB, cur.ID)
	return s, st, err
}

// emptyHint tells a user who switched corpora where their things went;
// stderr, so --json and scripts reading stdout never see it.
func emptyHint(env *Env, what string, cur session.Current) {
	if env.JSON {
		return
	}
	fmt.Fprintf(env.Stderr, "no %s in workspace %s (each workspace keeps its own; pass --corpus to open another)\n", what, cur.Root)
}

// runHint says that a run missing here may belong to another workspace.
func runHint(ctx context.Context, env *Env, err error) error {
	if !errors.Is(err, eval.ErrRunNotFound) {
		return err
	}
	_, cur, serr := scope(ctx, env)
	if serr != nil {
		return err
	}
	return &hintError{msg: fmt.Sprintf("%v in workspace %s (runs belong to the workspace they were made in)", err, cur.Root), err: err}
}
