package app

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"continuity/backend/progress"
)

type recorder struct {
	mu       sync.Mutex
	events   []any
	channels []string // channels[i] is the channel events[i] was sent on
}

func (r *recorder) Emit(ch string, p any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, p)
	r.channels = append(r.channels, ch)
}

func (r *recorder) done() []JobDoneEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []JobDoneEvent
	for _, e := range r.events {
		if d, ok := e.(JobDoneEvent); ok {
			out = append(out, d)
		}
	}
	return out
}

// syncsDone are the done events of every job but the background
// sentence embedding a sync starts (it may end before the sync does).
func (r *recorder) syncsDone() []JobDoneEvent {
	var out []JobDoneEvent
	for _, d := range r.done() {
		if d.Kind != "sentence-vectors" {
			out = append(out, d)
		}
	}
	return out
}

func TestJobOutcomes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		fn   JobFunc
		want JobDoneEvent
	}{
		{"success carries the result", func(_ context.Context, r progress.Func) (any, error) {
			r.Report(progress.Event{Stage: "x", Done: 1, Total: 1})
			return 42, nil
		}, JobDoneEvent{OK: true, Result: 42}},
		{"failure carries the message", func(context.Context, progress.Func) (any, error) {
			return nil, errors.New("disk full")
		}, JobDoneEvent{Error: "disk full"}},
		{"panic becomes an error", func(context.Context, progress.Func) (any, error) {
			panic("boom")
		}, JobDoneEvent{Error: "internal error: boom"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rec := &recorder{}
			j := newJobs(context.Background(), rec, slog.New(slog.NewTextHandler(io.Discard, nil)))
			id := j.start("test", c.fn)
			j.wait()
			got := rec.done()
			if len(got) != 1 {
				t.Fatalf("got %d done events, want 1", len(got))
			}
			c.want.JobID, c.want.Kind = id, "test"
			if got[0] != c.want {
				t.Fatalf("got %+v, want %+v", got[0], c.want)
			}
			if len(j.running()) != 0 {
				t.Fatal("finished job still listed as running")
			}
		})
	}
}

func TestCancelStopsAJob(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	j := newJobs(context.Background(), rec, slog.New(slog.NewTextHandler(io.Discard, nil)))
	started := make(chan struct{})
	id := j.start("slow", func(ctx context.Context, _ progress.Func) (any, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	})
	<-started
	if err := j.cancelJob(id); err != nil {
		t.Fatal(err)
	}
	j.wait()
	if d := rec.done(); len(d) != 1 || !d[0].Canceled {
		t.Fatalf("done events = %+v, want one canceled", d)
	}
	if err := j.cancelJob(id); !errors.Is(err, ErrUnknownJob) {
		t.Fatalf("second cancel = %v, want ErrUnknownJob", err)
	}
}

// has says whether an event on ch whose JSON mentions text was sent.
func (r *recorder) has(ch, text string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, p := range r.events {
		if r.channels[i] != ch {
			continue
		}
		if b, _ := json.Marshal(p); strings.Contains(string(b), text) {
			return true
		}
	}
	return false
}
