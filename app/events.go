package app

import (
	"context"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// Event channels; mirrored in frontend/src/events.
const (
	ChannelJobProgress = "job:progress"
	ChannelJobDone     = "job:done"
)

// JobProgressEvent is sent at most every 100 ms per job, plus stage changes.
type JobProgressEvent struct {
	JobID   string `json:"job_id"`
	Kind    string `json:"kind"`
	Stage   string `json:"stage"`
	Done    int    `json:"done"`
	Total   int    `json:"total"`
	Message string `json:"message"`
}

// JobDoneEvent is sent once when a job ends, whatever the outcome.
type JobDoneEvent struct {
	JobID    string `json:"job_id"`
	Kind     string `json:"kind"`
	OK       bool   `json:"ok"`
	Canceled bool   `json:"canceled"`
	Error    string `json:"error,omitempty"`
	Result   any    `json:"result,omitempty"`
}

// emitter is what jobs need from the runtime; tests record instead.
type emitter interface {
	Emit(channel string, payload any)
}

type wailsEmitter struct{ ctx context.Context }

func (w wailsEmitter) Emit(channel string, payload any) { runtime.EventsEmit(w.ctx, channel, payload) }
