package retrieval

import (
	"context"

	"continuity/backend/corpus"
	"continuity/backend/progress"
)

// syncRun batches the changed documents of one sync.
type syncRun struct {
	ix      *Index
	report  progress.Func
	total   int
	pending []prepared
	rec     *recording // nil: this sync records no superseded sentences
	started bool
	pipe    *pipeline // started by the first batch of changed documents
}

func (s *syncRun) begin(ctx context.Context) error {
	if s.started {
		return nil
	}
	s.started = true
	return setState(ctx, s.ix.db.Writer(), keyInProgress, "1")
}

func (s *syncRun) add(ctx context.Context, d corpus.Document, f corpus.File, done int) error {
	s.pending = append(s.pending, prepared{doc: d, size: f.Size, mtime: f.ModTime})
	if len(s.pending) < s.ix.opts.BatchDocs {
		return nil
	}
	return s.send(ctx, done+1, f.Rel)
}

func (s *syncRun) flush(ctx context.Context) error { return s.send(ctx, 0, "") }

// send hands the pending batch to the pipeline; done > 0 makes it report
// progress once applied.
func (s *syncRun) send(ctx context.Context, done int, rel string) error {
	if len(s.pending) == 0 {
		return nil
	}
	if err := s.begin(ctx); err != nil {
		return err
	}
	if s.pipe == nil {
		s.pipe = s.ix.startPipeline(ctx, s.report, s.total, s.rec)
	}
	batch := pipeBatch{preps: s.pending, done: done, rel: rel}
	s.pending = nil
	return s.pipe.send(batch)
}

func (s *syncRun) remove(ctx context.Context, ids []string) error {
	for i := 0; i < len(ids); i += s.ix.opts.BatchDocs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.begin(ctx); err != nil {
			return err
		}
		part := ids[i:min(i+s.ix.opts.BatchDocs, len(ids))]
		if err := s.ix.apply(ctx, nil, part, s.rec); err != nil {
			return err
		}
		s.report.Report(progress.Event{Stage: "removing", Done: i + len(part), Total: len(ids), Message: "removed " + part[len(part)-1]})
	}
	return nil
}
