package mcpserver

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/progress"
	"continuity/backend/retrieval"
)

// progressEvery bounds how often a client hears about one call's progress.
const progressEvery = 200 * time.Millisecond

// progressFor turns a use case's progress events into MCP progress
// notifications for the request, or nil when the client sent no token
// (the protocol allows notifications only for a token it gave).
//
// MCP progress must grow with every notification while the use case's
// Done restarts at each stage, so progress counts the notifications and the
// stage's own count goes in the message.
func progressFor(ctx context.Context, req *mcp.CallToolRequest, log *slog.Logger) progress.Func {
	if req == nil || req.Params == nil || req.Session == nil {
		return nil
	}
	token := req.Params.GetProgressToken()
	if token == nil {
		return nil
	}
	var (
		mu   sync.Mutex
		sent int
	)
	notify := func(e progress.Event) {
		mu.Lock()
		defer mu.Unlock()
		if ctx.Err() != nil {
			return
		}
		sent++
		p := &mcp.ProgressNotificationParams{ProgressToken: token, Progress: float64(sent), Message: progressMessage(e)}
		if err := req.Session.NotifyProgress(ctx, p); err != nil {
			log.Debug("progress notification not sent", "err", err)
		}
	}
	return progress.Throttle(notify, progressEvery)
}

func progressMessage(e progress.Event) string {
	msg := e.Message
	if msg == "" {
		msg = e.Stage
	}
	if e.Total > 0 {
		msg += fmt.Sprintf(" (%d/%d)", e.Done, e.Total)
	}
	return msg
}

// logIndex says what opening and syncing the index did before a read.
func (srv *Server) logIndex(repairs []string, synced retrieval.Report) {
	for _, r := range repairs {
		srv.log.Warn("index repaired", "repair", r)
	}
	if synced.Added+synced.Updated+synced.Removed > 0 {
		srv.log.Info("index synced", "added", synced.Added, "updated", synced.Updated, "removed", synced.Removed)
	}
}
