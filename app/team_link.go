package app

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"continuity/backend/teamclient"
)

// ChannelRunsRecorded says a run was recorded on the team server this
// desktop follows (CI's `eval --server`, another desktop); mirrored in
// frontend/src/events.
const ChannelRunsRecorded = "runs:recorded"

// RunsRecordedEvent is the payload of ChannelRunsRecorded.
type RunsRecordedEvent struct {
	GoldenSet string `json:"golden_set"`
	RunID     string `json:"run_id"`
}

// remote is the team server golden sets, runs and scorecards come from.
type remote struct {
	client *teamclient.Client
	url    string
	ws     teamclient.Workspace
	me     teamclient.Me
}

// teamLink holds the desktop's team server: none, one, or one that could
// not be reached (err). It is read from the keyring on first use.
type teamLink struct {
	mu     sync.Mutex
	loaded bool
	r      *remote
	err    error
	note   string // why the keyring could not say whether a server is configured
	stop   context.CancelFunc
	shown  map[string]int // set → the version the grid last showed, what an edit is based on
	// streams counts the event streams opened (a reconnect adds one)
	streams atomic.Int64
}

// errUnreachable wraps the reason a configured team server cannot be used:
// the desktop never falls back to its local copy without saying so.
var errUnreachable = errors.New("team server not reachable")

// team returns the team server in force, nil when none is configured, or
// the reason a configured one cannot be used.
func (c *core) team() (*remote, error) {
	c.ready()
	c.link.mu.Lock()
	defer c.link.mu.Unlock()
	if !c.link.loaded {
		c.link.loaded = true
		t, err := c.sess.Secrets.Team(c.ctx)
		if err != nil {
			// no keyring (a headless machine): no server is configured
			// there, and Settings says why
			c.link.note = "the OS keyring could not be read, so no saved team server was found: " + err.Error()
			c.log.Warn("team server: keyring not readable", "err", err)
		}
		if t.Token != "" {
			c.link.r, c.link.err = dial(c.ctx, t.URL, t.Token)
			if c.link.r != nil {
				c.followLocked()
			}
		}
	}
	return c.link.r, c.link.err
}

// dial checks a server and token: who the token names, and the one
// workspace it may use there.
func dial(ctx context.Context, url, token string) (*remote, error) {
	cl, err := teamclient.New(url, token)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	me, err := cl.Me(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", errUnreachable, url, err)
	}
	ws, err := cl.Workspace(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", errUnreachable, url, err)
	}
	return &remote{client: cl, url: url, ws: ws, me: me}, nil
}

// use makes r the team server in force (nil: none) and follows its events.
func (c *core) use(r *remote) {
	c.link.mu.Lock()
	defer c.link.mu.Unlock()
	if c.link.stop != nil {
		c.link.stop()
		c.link.stop = nil
	}
	c.link.loaded, c.link.r, c.link.err, c.link.shown, c.link.note = true, r, nil, nil, ""
	c.link.streams.Store(0)
	if r != nil {
		c.followLocked()
	}
}

// followLocked streams the server's events: a run recorded there reaches
// the open Evaluations view at once.
func (c *core) followLocked() {
	ctx, cancel := context.WithCancel(c.ctx)
	c.link.stop = cancel
	r := c.link.r
	go func() {
		err := r.client.Follow(ctx, r.ws.ID, 2*time.Second, func() { c.link.streams.Add(1) }, func(e teamclient.Event) {
			if e.Kind == "run" && c.emit != nil {
				c.emit.Emit(ChannelRunsRecorded, RunsRecordedEvent{GoldenSet: e.Set, RunID: e.RunID})
			}
		})
		if err != nil {
			c.log.Warn("team server events stopped; runs recorded there show on the next reload", "server", r.url, "err", err)
		}
	}()
}

func (c *core) teamNote() string {
	c.link.mu.Lock()
	defer c.link.mu.Unlock()
	return c.link.note
}

func (c *core) shownVersion(set string) (int, bool) {
	c.link.mu.Lock()
	defer c.link.mu.Unlock()
	v, ok := c.link.shown[set]
	return v, ok
}

func (c *core) showVersion(set string, v int) {
	c.link.mu.Lock()
	defer c.link.mu.Unlock()
	if c.link.shown == nil {
		c.link.shown = map[string]int{}
	}
	c.link.shown[set] = v
}

// localOnly refuses what the team server does not offer while the desktop
// follows one, so no edit lands in a local copy nobody else sees.
func (c *core) localOnly(what string) error {
	r, err := c.team()
	if err != nil {
		return err
	}
	if r != nil {
		return fmt.Errorf("%s is not offered by the team server %s that this desktop follows; disconnect in Settings → Team server to do it on this machine's copy", what, r.url)
	}
	return nil
}
