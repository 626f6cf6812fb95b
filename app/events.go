package app

import (
	"context"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// Event channels; mirrored in frontend/src/events.
const (
	ChannelJobProgress      = "job:progress"
	ChannelJobDone          = "job:done"
	ChannelWorkspaceChanged = "workspace:changed"
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

// WorkspaceChangedEvent is sent once a workspace switch is in force, so
// every view drops what it shows of the old folder (counts, banners, a
// sync outcome) and the Check editor can say why it is empty: the working
// draft is kept per workspace and stayed with the previous one.
type WorkspaceChangedEvent struct {
	ID   string `json:"id"`
	Root string `json:"root"`
	Name string `json:"name"` // the folder's base name, for a sentence
	// SyncJobID is the sync bringing the index to the new content.
	SyncJobID     string `json:"sync_job_id"`
	PreviousID    string `json:"previous_id"`
	PreviousRoot  string `json:"previous_root"`
	PreviousName  string `json:"previous_name"`
	PreviousDraft bool   `json:"previous_has_draft"` // the previous workspace's working draft holds text
	PreviousWords int    `json:"previous_draft_words"`
}

// emitter is what jobs need from the runtime; tests record instead.
type emitter interface {
	Emit(channel string, payload any)
}

type wailsEmitter struct{ ctx context.Context }

func (w wailsEmitter) Emit(channel string, payload any) { runtime.EventsEmit(w.ctx, channel, payload) }
