package retrieval

import (
	"context"
	"sync"

	"continuity/backend/progress"
)

// pipeline overlaps the stages of a full sync on separate goroutines:
// while the caller reads and parses batch n+2, batch n+1 is chunked and
// embedded and batch n is written to the registry and the caches. Batches
// are applied strictly in order, so the crash and cancel guarantees of a
// sequential sync hold: a batch is either applied whole or not at all.
type pipeline struct {
	ctx    context.Context // cancelled on the first error or by the caller
	cancel context.CancelFunc
	in     chan pipeBatch
	parent context.Context
	wg     sync.WaitGroup
	mu     sync.Mutex
	err    error
}

// pipeBatch is one batch of changed documents; when done > 0, the batch
// reports progress (done of total files, last file rel) once applied.
type pipeBatch struct {
	preps []prepared
	done  int
	rel   string
}

func (ix *Index) startPipeline(ctx context.Context, report progress.Func, total int, rec *recording) *pipeline {
	pctx, cancel := context.WithCancel(ctx)
	p := &pipeline{parent: ctx, ctx: pctx, cancel: cancel, in: make(chan pipeBatch, 1)}
	ready := make(chan pipeBatch, 1)
	p.wg.Add(2)
	go func() {
		defer p.wg.Done()
		defer close(ready)
		for batch := range p.in {
			if p.ctx.Err() != nil {
				continue // drain: a failed or cancelled sync applies nothing more
			}
			if err := ix.prepare(p.ctx, batch.preps); err != nil {
				p.fail(err)
				continue
			}
			select {
			case ready <- batch:
			case <-p.ctx.Done():
			}
		}
	}()
	go func() {
		defer p.wg.Done()
		for batch := range ready {
			if p.ctx.Err() != nil {
				continue
			}
			// A batch that has started is finished even if the sync is
			// cancelled meanwhile, so registry and caches never disagree.
			if err := ix.apply(context.WithoutCancel(p.ctx), batch.preps, nil, rec); err != nil {
				p.fail(err)
				continue
			}
			if batch.done > 0 {
				// Reported once applied, so progress never runs ahead of
				// what a crash would keep.
				report.Report(progress.Event{Stage: "indexing", Done: batch.done, Total: total, Message: batch.rel})
			}
		}
	}()
	return p
}

func (p *pipeline) fail(err error) {
	p.mu.Lock()
	if p.err == nil {
		p.err = err
	}
	p.mu.Unlock()
	p.cancel()
}

// send queues a batch; it returns an error once the pipeline has failed
// or the sync was cancelled.
func (p *pipeline) send(batch pipeBatch) error {
	select {
	case p.in <- batch:
		return nil
	case <-p.ctx.Done():
		return p.error()
	}
}

// close lets the queued batches finish and reports the first error.
func (p *pipeline) close() error {
	close(p.in)
	p.wg.Wait()
	p.cancel()
	return p.error()
}

func (p *pipeline) error() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err != nil {
		return p.err
	}
	return p.parent.Err()
}
