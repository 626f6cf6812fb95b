package app

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"runtime"
	"sync"

	"github.com/wailsapp/wails/v2"
	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/options/assetserver"
	wruntime "github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/session"
)

// core is what every bound service shares. Bound methods wait for startup
// so a call racing the window's first paint never sees a nil runtime.
type core struct {
	ctx         context.Context
	sess        *session.Session
	log         *slog.Logger
	jobs        *jobs
	startupDone chan struct{}
	watch       contentWatch
	emit        emitter  // the runtime's events; nil in tests that need none
	link        teamLink // the team server golden sets and runs come from, if any
}

func (c *core) ready() { <-c.startupDone }

// Services are the bound objects, one per feature.
type Services struct {
	Corpus   *CorpusService
	Check    *CheckService
	Voice    *VoiceService
	Golden   *GoldenService
	Eval     *EvalService
	Settings *SettingsService
	Jobs     *JobService
	Document *DocumentService
	Draft    *DraftService
	Sources  *SourcesService
	Audit    *AuditService
	Team     *TeamService
}

func newServices(c *core) *Services {
	return &Services{
		Corpus: &CorpusService{c}, Check: &CheckService{c: c}, Voice: &VoiceService{c}, Golden: &GoldenService{c},
		Eval: &EvalService{c}, Settings: &SettingsService{c}, Jobs: &JobService{c},
		Document: &DocumentService{c: c}, Draft: &DraftService{c: c}, Sources: &SourcesService{c},
		Audit: &AuditService{c: c}, Team: &TeamService{c},
	}
}

func (s *Services) bind() []any {
	return []any{s.Corpus, s.Check, s.Voice, s.Golden, s.Eval, s.Settings, s.Jobs, s.Document, s.Draft, s.Sources, s.Audit, s.Team}
}

// Desktop returns the desktop entry point for the command line, or nil in
// builds without the Wails tags (the static headless CLI).
func Desktop(assets embed.FS) func(ctx context.Context, s *session.Session, log *slog.Logger) error {
	if !desktopAvailable {
		return nil
	}
	return func(ctx context.Context, s *session.Session, log *slog.Logger) error { return run(ctx, s, log, assets) }
}

// ErrNoDisplay means the desktop app was started where no window can open.
var ErrNoDisplay = errors.New("no display: the desktop app needs a graphical session (DISPLAY or WAYLAND_DISPLAY); run a command such as 'continuity check FILE' for the CLI")

// haveDisplay reports whether a window can open. On X11 and Wayland
// systems GTK needs one of the two variables; elsewhere there is always a
// window server.
func haveDisplay(getenv func(string) string) bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd":
		return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}

func run(ctx context.Context, sess *session.Session, log *slog.Logger, assets embed.FS) (err error) {
	if !haveDisplay(os.Getenv) {
		return ErrNoDisplay
	}
	// GTK panics when the display named cannot be opened; that is one line
	// for the user, not a stack trace
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w (%v)", ErrNoDisplay, r)
		}
	}()
	dist, err := fs.Sub(assets, "frontend/dist")
	if err != nil {
		return fmt.Errorf("frontend assets: %w", err)
	}
	c := &core{sess: sess, log: log, startupDone: make(chan struct{})}
	svcs := newServices(c)
	var fit sync.Once // at the first page load only: a reload keeps the size the user chose
	return wails.Run(&options.App{
		Title:     "Continuity",
		Width:     defaultWidth,
		Height:    defaultHeight,
		MinWidth:  minWidth,
		MinHeight: minHeight,
		AssetServer: &assetserver.Options{
			Assets:     dist,
			Middleware: securityHeaders,
		},
		BackgroundColour: &options.RGBA{R: 248, G: 249, B: 251, A: 255},
		SingleInstanceLock: &options.SingleInstanceLock{
			UniqueId:               "dev.continuity.desktop.v1",
			OnSecondInstanceLaunch: func(options.SecondInstanceData) { c.log.Info("second instance started; focusing the first") },
		},
		OnStartup: func(wctx context.Context) {
			c.ctx = wctx
			c.emit = wailsEmitter{wctx}
			c.jobs = newJobs(wctx, c.emit, c.log)
			close(c.startupDone)
			go c.watchContent()
			c.log.Info("desktop started", "data_dir", sess.DataDir)
		},
		// The window opens hidden and is shown once it has its size: a
		// resize racing WebKit's first paint left the page unpainted (a
		// blank window, about one start in six on a 1280×800 screen).
		StartHidden: true,
		OnDomReady: func(wctx context.Context) {
			fit.Do(func() { fitScreen(wctx, c.log) })
			wruntime.WindowShow(wctx)
		},
		OnShutdown: func(context.Context) {
			c.stopWatching()
			if c.jobs != nil {
				for _, id := range c.jobs.running() {
					_ = c.jobs.cancelJob(id)
				}
				c.jobs.wait()
			}
		},
		Bind: svcs.bind(),
	})
}
