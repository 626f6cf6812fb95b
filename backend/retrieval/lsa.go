package retrieval

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"continuity/backend/corpus"
	"continuity/backend/embed"
	"continuity/backend/progress"
	"continuity/backend/vector"
)

// The default offline embedder is fitted to the published corpus
// (embed.TrainLSA). Its model lives in the registry next to the chunks, so
// it survives restarts and crashes like them; every cached vector names the
// model that produced it, so vectors of two trainings never mix.

// maxTrainDocs bounds the documents read to fit the first model: a sample
// spread over the whole corpus (every n-th file) keeps the first full
// index within its time budget.
const maxTrainDocs = 2000

// maxTrainTexts bounds the chunks the model is fitted to (every n-th of
// the sampled ones): the fit's cost grows with them. On SciFact train
// 4,000 keeps the hybrid's gain and 2,000 loses it (docs/benchmarks.md).
const maxTrainTexts = 4000

// untrained stands in for the LSA embedder before the first sync fits one:
// the index then holds no chunks, and a query vector of zeros matches none.
type untrained struct{}

func (untrained) Name() string  { return "offline-lsa" }
func (untrained) Model() string { return "untrained" }
func (untrained) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i := range out {
		out[i] = []float32{0}
	}
	return out, nil
}

// loadModel installs the stored LSA model, if any (fitted mode only).
func (ix *Index) loadModel(ctx context.Context) error {
	var data []byte
	err := ix.db.Reader().QueryRowContext(ctx, `SELECT data FROM index_models WHERE embedder = 'offline-lsa'`).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		ix.emb = untrained{}
		return nil
	}
	if err != nil {
		return fmt.Errorf("load embedding model: %w", err)
	}
	m, err := embed.UnmarshalLSA(data)
	if err != nil {
		// A damaged model is a cache like the others: refit it.
		ix.Repairs = append(ix.Repairs, "embedding model unreadable ("+err.Error()+"); refitting it")
		ix.emb = untrained{}
		return nil
	}
	ix.emb = m
	return nil
}

// trainingTexts reads a sample of the published documents under files and
// returns what the embedder would see of their chunks, and an estimate of
// the number of published documents.
func (ix *Index) trainingTexts(ctx context.Context, files []corpus.File) ([]string, int, error) {
	stride := max(1, (len(files)+maxTrainDocs-1)/maxTrainDocs)
	// The chunks are kept, and only the sampled ones joined into embedding
	// inputs: a copy of every chunk's text would double what one huge page
	// costs, for texts thin drops.
	type piece struct {
		title string
		c     corpus.Chunk
	}
	var pieces []piece
	docs := 0
	for i := 0; i < len(files); i += stride {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		doc, w := corpus.ReadFile(files[i])
		if w != nil || !doc.Indexable() {
			continue // the sync itself reports the warning
		}
		docs++
		for _, c := range corpus.Chunks(doc, ix.opts.Chunking) {
			pieces = append(pieces, piece{doc.Title, c})
		}
	}
	pieces = thin(pieces, maxTrainTexts)
	texts := make([]string, len(pieces))
	for i, p := range pieces {
		texts[i] = embedInput(p.title, p.c.HeadingPath, p.c.Text)
	}
	return texts, min(docs*stride, len(files)), nil
}

// thin keeps at most n of xs, evenly spread.
func thin[T any](xs []T, n int) []T {
	if len(xs) <= n {
		return xs
	}
	out := make([]T, 0, n)
	for i := range n {
		out = append(out, xs[i*len(xs)/n])
	}
	return out
}

// refit fits a new model to every indexed chunk.
func (ix *Index) refit(ctx context.Context) error {
	all, err := ix.registryChunks(ctx)
	if err != nil {
		return err
	}
	sample := thin(all, maxTrainTexts)
	texts := make([]string, len(sample))
	for i, r := range sample {
		texts[i] = embedInput(r.title, r.path, r.text)
	}
	docs, err := ix.count(ctx, "index_docs")
	if err != nil {
		return err
	}
	m, err := ix.train(ctx, texts)
	if err != nil || m == nil {
		return err
	}
	return ix.install(ctx, m, docs, all)
}

// fit trains a model on texts and installs it.
func (ix *Index) fit(ctx context.Context, texts []string, docs int) error {
	m, err := ix.train(ctx, texts)
	if err != nil || m == nil {
		return err
	}
	return ix.install(ctx, m, docs, nil)
}

// train fits a model to texts; nil without error when they hold no word
// to learn from (the next sync tries again).
func (ix *Index) train(ctx context.Context, texts []string) (*embed.LSA, error) {
	m, err := embed.TrainLSA(ctx, texts, ix.opts.LSA)
	if errors.Is(err, embed.ErrNoTrainingText) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("fit embedding model: %w", err)
	}
	return m, nil
}

// install makes m current: stored, vectors of earlier models dropped and
// every indexed chunk (all, read from the registry when nil) re-embedded.
// docs is the corpus size it was fitted for (see retrainDue). Readers wait
// while the model changes, so no query mixes two models.
func (ix *Index) install(ctx context.Context, m *embed.LSA, docs int, all []chunkRow) error {
	data, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	err = ix.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO index_models(embedder, model, data) VALUES('offline-lsa', ?, ?)
			ON CONFLICT(embedder) DO UPDATE SET model = excluded.model, data = excluded.data`, m.Model(), data); err != nil {
			return fmt.Errorf("store embedding model: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM index_embeddings WHERE embedder = 'offline-lsa' AND model <> ?`, m.Model()); err != nil {
			return fmt.Errorf("drop stale vectors: %w", err)
		}
		for _, kv := range [][2]string{{keyModelDocs, strconv.Itoa(docs)}, {keyModelChurn, "0"}} {
			if err := setState(ctx, tx, kv[0], kv[1]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if all == nil {
		if all, err = ix.registryChunks(ctx); err != nil {
			return err
		}
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.emb = m
	ix.vecs = vector.New(m.Model(), 0)
	if len(all) == 0 {
		return nil
	}
	// A crash from here on leaves chunks without vectors of the stored
	// model, which Open detects and repairs.
	if err := ix.refill(ctx, all, false, true); err != nil {
		return err
	}
	_, err = ix.ensureSentences(ctx)
	return err
}

// refitIfDrifted refits the model when retrainDue says so.
func (ix *Index) refitIfDrifted(ctx context.Context, docs, changed int, report progress.Func) error {
	due, err := ix.retrainDue(ctx, docs, changed)
	if err != nil || !due {
		return err
	}
	report.Report(progress.Event{Stage: "fitting", Message: "the corpus changed a lot; refitting the offline embedder"})
	return ix.refit(ctx)
}

// retrainDue says whether the corpus has drifted from the one the model
// was fitted to: it doubled or halved, or half of it changed since.
func (ix *Index) retrainDue(ctx context.Context, docs, changed int) (bool, error) {
	if _, ok := ix.emb.(*embed.LSA); !ok {
		return false, nil
	}
	var fitted, churn int
	for _, p := range []struct {
		key string
		v   *int
	}{{keyModelDocs, &fitted}, {keyModelChurn, &churn}} {
		s, err := ix.state(ctx, p.key)
		if err != nil {
			return false, err
		}
		*p.v, _ = strconv.Atoi(s)
	}
	churn += changed
	if err := setState(ctx, ix.db.Writer(), keyModelChurn, strconv.Itoa(churn)); err != nil {
		return false, err
	}
	return docs >= 2*fitted || 2*docs <= fitted || 2*churn >= max(fitted, 1), nil
}
