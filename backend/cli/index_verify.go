package cli

import (
	"context"
	"errors"
	"fmt"

	"continuity/backend/logging"
	"continuity/backend/retrieval"
	"continuity/backend/session"
)

// runIndexVerify opens the index read-only, without the sync or repair
// every other open does first: they would mend the very drift this
// reports, and write to a disk that may be full. A damaged index is drift
// too (exit 1, with the --repair hint), not a crash.
func runIndexVerify(ctx context.Context, env *Env) error {
	ix, content, err := openIndex(ctx, env, session.IndexReadOnly)
	var v retrieval.Verification
	switch {
	case errors.Is(err, retrieval.ErrIndexDamaged):
		v = retrieval.Damaged(err)
	case err != nil:
		return err
	default:
		if v, err = ix.Verify(ctx, content); err != nil {
			if !errors.Is(err, retrieval.ErrIndexDamaged) {
				return err
			}
			v = retrieval.Damaged(err)
		}
	}
	if env.JSON {
		if err := env.WriteJSON(v); err != nil {
			return err
		}
	} else {
		writeVerification(env, v)
	}
	if !v.Clean {
		return Failed("index drifted from the workspace in %d place(s); %s", len(v.Drift), v.Hint())
	}
	return nil
}

func writeVerification(env *Env, v retrieval.Verification) {
	fmt.Fprintf(env.Stdout, "workspace  %d published documents, %d chunks expected\nindex      %d documents, %d chunks, %d in BM25\n",
		v.WorkspaceDocuments, v.ExpectedChunks, v.IndexedDocuments, v.Chunks, v.LexicalChunks)
	if v.Clean {
		fmt.Fprintln(env.Stdout, "clean      the index matches the workspace")
		return
	}
	for _, d := range v.Drift {
		where := logging.Name(d.DocID)
		if d.Path != "" && d.Path != d.DocID {
			where += " (" + logging.Name(d.Path) + ")"
		}
		if where == "" {
			where = "index"
		}
		fmt.Fprintf(env.Stdout, "drift      %-13s %s: %s\n", d.Kind, where, logging.Escape(d.Message))
	}
	fmt.Fprintf(env.Stdout, "%d drift(s); %s\n", len(v.Drift), v.Hint())
}

// runIndexRepair rebuilds the BM25 indexes from the registry (so a
// damaged segment is repaired without first opening it), re-indexes what
// a verification then finds damaged, syncs, and prints the sync report.
func runIndexRepair(ctx context.Context, env *Env) error {
	ix, content, err := openIndex(ctx, env, session.IndexRebuildLexical)
	if err != nil {
		return err
	}
	v, err := ix.Verify(ctx, content)
	if err != nil {
		return err
	}
	for _, id := range v.DamagedDocs() {
		fmt.Fprintf(env.Stderr, "re-indexing %s\n", logging.Name(id))
	}
	rep, err := ix.Resync(ctx, content, v, progressBar(env))
	if err != nil {
		return err
	}
	return writeIndexReport(ctx, env, rep, ix, nil)
}
