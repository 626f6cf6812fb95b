package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"continuity/backend/progress"
)

// ErrUnknownJob is returned when cancelling a job that is not running.
var ErrUnknownJob = errors.New("no such running job")

// JobFunc is a long piece of work. It must honour ctx and report progress.
type JobFunc func(ctx context.Context, report progress.Func) (any, error)

// jobs runs JobFuncs in the background, one cancellable context each.
type jobs struct {
	parent context.Context
	emit   emitter
	log    *slog.Logger
	seq    atomic.Int64
	mu     sync.Mutex
	cancel map[string]context.CancelFunc
	wg     sync.WaitGroup
}

func newJobs(parent context.Context, emit emitter, log *slog.Logger) *jobs {
	return &jobs{parent: parent, emit: emit, log: log, cancel: map[string]context.CancelFunc{}}
}

// start launches fn and returns its job ID at once.
func (j *jobs) start(kind string, fn JobFunc) string {
	id := fmt.Sprintf("%s-%d", kind, j.seq.Add(1))
	ctx, cancel := context.WithCancel(j.parent)
	j.mu.Lock()
	j.cancel[id] = cancel
	j.mu.Unlock()
	report := progress.Throttle(func(e progress.Event) {
		j.emit.Emit(ChannelJobProgress, JobProgressEvent{JobID: id, Kind: kind, Stage: e.Stage, Done: e.Done, Total: e.Total, Message: e.Message})
	}, 100*time.Millisecond)
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		defer j.finish(id)
		done := JobDoneEvent{JobID: id, Kind: kind}
		res, err := j.safeRun(ctx, fn, report)
		switch {
		case err == nil:
			done.OK, done.Result = true, res
		case errors.Is(err, context.Canceled):
			done.Canceled, done.Error = true, "canceled"
		default:
			done.Error = err.Error()
			j.log.Error("job failed", "job", id, "err", err)
		}
		j.emit.Emit(ChannelJobDone, done)
	}()
	return id
}

// safeRun turns a panic inside a job into an error instead of a crash.
func (j *jobs) safeRun(ctx context.Context, fn JobFunc, report progress.Func) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	return fn(ctx, report)
}

func (j *jobs) finish(id string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if c, ok := j.cancel[id]; ok {
		c()
		delete(j.cancel, id)
	}
}

// cancelJob stops a running job; it reports the end through ChannelJobDone.
func (j *jobs) cancelJob(id string) error {
	j.mu.Lock()
	c, ok := j.cancel[id]
	j.mu.Unlock()
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownJob, id)
	}
	c()
	return nil
}

// running lists the IDs of running jobs.
func (j *jobs) running() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	out := make([]string, 0, len(j.cancel))
	for id := range j.cancel {
		out = append(out, id)
	}
	return out
}

// wait blocks until every job has returned (used at shutdown and in tests).
func (j *jobs) wait() { j.wg.Wait() }
