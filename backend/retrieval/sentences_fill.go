package retrieval

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"

	"continuity/backend/progress"
	"continuity/backend/store"
)

// deferSentences: the sentence vectors are left to Sentences and
// FillSentences (Options.DeferSentences).
func (ix *Index) deferSentences() bool {
	return ix.opts.DeferSentences && ix.opts.SentenceEmbedder != nil
}

// fillSentences embeds every sentence without a vector of the current
// model, a page at a time, each page stored before the next: an
// interrupted run resumes where it stopped. It returns how many it
// embedded (or found in the shared cache).
func (ix *Index) fillSentences(ctx context.Context, report progress.Func) (int, error) {
	todo, err := ix.sentencesWithoutVectors(ctx)
	if err != nil || len(todo) == 0 {
		return 0, err
	}
	hashes := slices.Sorted(maps.Keys(todo))
	const page = 512
	for i := 0; i < len(hashes); i += page {
		part := hashes[i:min(i+page, len(hashes))]
		inputs := make([]string, len(part))
		for j, h := range part {
			inputs[j] = todo[h]
		}
		_, fresh, err := ix.embedMissing(ctx, ix.sentenceEmbedder(), part, inputs)
		if err != nil {
			return i, fmt.Errorf("embed published sentences: %w", err)
		}
		if err := ix.storeVectors(ctx, ix.sentenceEmbedder(), fresh, true); err != nil {
			return i, err
		}
		report.Report(progress.Event{Stage: "embedding", Message: "embedding published sentences",
			Done: min(i+page, len(hashes)), Total: len(hashes)})
	}
	return len(hashes), nil
}

// FillReport is what FillSentences did.
type FillReport struct {
	Embedded int `json:"embedded"` // sentences given a vector by this run
	// Have and Total count the published sentences with a vector of the
	// sentence model, and all of them, after the run.
	Have  int `json:"have"`
	Total int `json:"total"`
}

// FillSentences embeds the published sentences a deferred sync left
// without a vector (Options.DeferSentences), a page at a time, each page
// stored as it is done: cancelled or killed, it resumes where it stopped.
// It takes no index lock and opens no cache: it writes only vectors keyed
// by sentence hash, with upsertVector (never replacing a vector), which a concurrent sync or
// check may write too, so a writer and any number of checks run beside
// it. opts needs SentenceEmbedder; without one there is nothing to fill.
func FillSentences(ctx context.Context, db *store.DB, opts Options, report progress.Func) (FillReport, error) {
	if opts.SentenceEmbedder == nil || !opts.Sentences {
		return FillReport{}, nil
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	ix := &Index{db: db, opts: opts, emb: opts.SentenceEmbedder, log: opts.Log}
	have, err := db.SchemaVersion(ctx, Component)
	if err != nil {
		return FillReport{}, err
	}
	if have == 0 {
		return FillReport{}, errors.New("fill sentence vectors: no index here yet; run continuity index first")
	}
	n, err := ix.fillSentences(ctx, report)
	rep := FillReport{Embedded: n}
	if cerr := ix.countSentenceVectors(ctx, &rep); err == nil {
		err = cerr
	}
	return rep, err
}

// SentenceVectors counts the published sentences with a vector of the
// sentence model and all of them: how complete a deferred fill is.
func (ix *Index) SentenceVectors(ctx context.Context) (have, total int, err error) {
	if !ix.sentenceVectors() {
		return 0, 0, nil
	}
	var rep FillReport
	err = ix.countSentenceVectors(ctx, &rep)
	return rep.Have, rep.Total, err
}

// countSentenceVectors fills rep.Have and rep.Total. Once a count finds
// every sentence row with a vector it records so (keySentencesComplete, the
// sentence model), in the same write transaction as the count, so no sync
// can slip rows in between; every insert of sentence rows clears it. Until
// then each count joins every row with the vector cache (0.2 s at 400,000
// sentences); after, it counts rows only, which a check can afford.
func (ix *Index) countSentenceVectors(ctx context.Context, rep *FillReport) error {
	se := ix.sentenceEmbedder()
	model := se.Name() + " " + se.Model()
	done, err := ix.state(ctx, keySentencesComplete)
	if err != nil {
		return err
	}
	if done == model {
		if err := ix.db.Reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM index_sentences`).Scan(&rep.Total); err != nil {
			return fmt.Errorf("count sentence vectors: %w", err)
		}
		rep.Have = rep.Total
		return nil
	}
	count := func(q interface {
		QueryRowContext(context.Context, string, ...any) *sql.Row
	}) error {
		err := q.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(e.hash) FROM index_sentences s
			LEFT JOIN index_embeddings e ON e.embedder = ? AND e.model = ? AND e.hash = s.hash`, se.Name(), se.Model()).Scan(&rep.Total, &rep.Have)
		if err != nil {
			return fmt.Errorf("count sentence vectors: %w", err)
		}
		return nil
	}
	if ix.opts.ReadOnly {
		return count(ix.db.Reader())
	}
	return ix.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := count(tx); err != nil {
			return err
		}
		if rep.Total > 0 && rep.Have == rep.Total {
			return setState(ctx, tx, keySentencesComplete, model)
		}
		return nil
	})
}

// sentencesAdded forgets that every sentence had a vector: called in the
// transaction that inserts sentence rows.
func sentencesAdded(ctx context.Context, x execer) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM index_state WHERE key = ?`, keySentencesComplete); err != nil {
		return fmt.Errorf("index state %s: %w", keySentencesComplete, err)
	}
	return nil
}
