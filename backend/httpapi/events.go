package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// event is one committed write others may want to see at once: a run
// recorded (CI's `eval --server`), a golden set saved at a new version.
type event struct {
	Kind      string `json:"kind"` // run | golden
	Workspace string `json:"workspace"`
	Set       string `json:"golden_set"`
	RunID     string `json:"run_id,omitempty"`
	Version   int    `json:"version,omitempty"`
}

// hub fans events out to the open /events streams of their workspace.
// It lives in the process: several servers on one database would need
// PostgreSQL's LISTEN/NOTIFY instead (docs/team-server.md says so).
type hub struct {
	mu   sync.Mutex
	subs map[chan event]string // stream → workspace
}

func (h *hub) subscribe(ws string) (<-chan event, func()) {
	ch := make(chan event, 32)
	h.mu.Lock()
	if h.subs == nil {
		h.subs = map[chan event]string{}
	}
	h.subs[ch] = ws
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs, ch)
		h.mu.Unlock()
	}
}

// publish never blocks a write: a stream too slow to take an event misses
// it, and a client reloads what it shows when its stream reconnects.
func (h *hub) publish(e event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch, ws := range h.subs {
		if ws != e.Workspace {
			continue
		}
		select {
		case ch <- e:
		default:
		}
	}
}

// keepAlive is under the idle timeouts of common proxies.
const keepAlive = 25 * time.Second

// events streams the workspace's events as Server-Sent Events, so a
// manager's open scorecard shows CI's run the moment it is recorded.
func (s *Server) events(w http.ResponseWriter, r *http.Request, c *call) error {
	rc := http.NewResponseController(w)
	// a stream outlives the server's write timeout, which is for answers
	if err := rc.SetWriteDeadline(time.Time{}); err != nil {
		return fmt.Errorf("event stream: %w", err)
	}
	ch, stop := s.hub.subscribe(c.workspace)
	defer stop()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprint(w, "retry: 2000\n: connected\n\n"); err != nil {
		return nil
	}
	_ = rc.Flush()
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case e := <-ch:
			data, _ := json.Marshal(e)
			if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Kind, data); err != nil {
				return nil
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return nil
			}
		}
		if err := rc.Flush(); err != nil {
			return nil
		}
	}
}
