package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"continuity/backend/httpapi"
	"continuity/backend/store/pg"
	"continuity/backend/team"
)

func serveCommand() *Command {
	return &Command{
		Name:    "serve",
		Summary: "serve the team API over HTTP (users, roles, golden sets, runs, checks)",
		Help: `Serves the workspace (--corpus) to a team over HTTP: the web app at /, the JSON
API under /api/v1 (described at /api/v1/openapi.yaml), /healthz and /metrics
(Prometheus). In the browser, sign in with your token once (it is kept as a
session cookie, never in the page). Every other /api/v1 call needs
"Authorization: Bearer TOKEN"; the token's role decides
what it may do: writer (search, check), expert (also golden sets), manager (also
runs), admin (everything, and users). Every write goes to the audit log.
--db (or $CONTINUITY_DATABASE_URL) is where users, tokens and the audit log live:
a postgres:// URL for a team, else the data dir's SQLite file.
  serve --init --admin NAME   create the schema and an admin; prints the admin's
                              token once and exits
  serve [--addr HOST:PORT]    serve (default 127.0.0.1:8787, loopback only; put a
                              TLS reverse proxy in front to serve a network)
Exit 2 when the address is taken or the database does not answer.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			o := &serveFlags{}
			fs.StringVar(&o.addr, "addr", "127.0.0.1:8787", "address to listen on")
			fs.StringVar(&o.db, "db", "", "team database: postgres://… (default: $CONTINUITY_DATABASE_URL, else the data dir's SQLite)")
			fs.BoolVar(&o.init, "init", false, "create the schema (and with --admin, an admin) and exit")
			fs.StringVar(&o.admin, "admin", "", "with --init: the admin user to create")
			return func(ctx context.Context, env *Env, args []string) error { return runServe(ctx, env, *o, args) }
		},
	}
}

type serveFlags struct {
	addr, db, admin string
	init            bool
}

func runServe(ctx context.Context, env *Env, o serveFlags, args []string) error {
	if len(args) > 0 {
		return Usagef("serve takes no arguments")
	}
	if o.admin != "" && !o.init {
		return Usagef("--admin goes with --init")
	}
	ts, closeTeam, err := openTeam(ctx, env, o.db)
	if err != nil {
		return err
	}
	defer closeTeam()
	if o.init {
		return initTeam(ctx, env, ts, o.admin)
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	ui := env.WebUI
	if ui != nil {
		if _, err := fs.Stat(ui, "index.html"); err != nil {
			ui = nil // a build made before the frontend was
		}
	}
	srv, err := httpapi.New(s, ts, httpapi.Options{Version: Version, Log: env.Log, UI: ui})
	if err != nil {
		return err
	}
	// a watched, unchanged corpus is not synced again by every request
	if stop, err := s.WatchContent(ctx); err != nil {
		env.Log.Warn("corpus not watched: every request syncs the index", "err", err)
	} else {
		defer stop()
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", o.addr, err)
	}
	if users, err := ts.Users(ctx); err == nil && len(users) == 0 {
		fmt.Fprintln(env.Stderr, "warning: no users yet; create an admin with: continuity serve --init --admin NAME")
	}
	ws, _ := s.WorkspaceID(ctx)
	fmt.Fprintf(env.Stdout, "serving workspace %s on http://%s (team store: %s)\n", ws, ln.Addr(), ts.Dialect())
	if ui == nil {
		fmt.Fprintln(env.Stderr, "note: this build has no web UI; the API alone is served")
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute,
		WriteTimeout: 10 * time.Minute, IdleTimeout: 2 * time.Minute, ErrorLog: nil}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err := hs.Shutdown(shut)
		if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
			err = e
		}
		return err
	}
}

func initTeam(ctx context.Context, env *Env, ts *team.Store, admin string) error {
	if admin == "" {
		fmt.Fprintf(env.Stdout, "team schema ready (%s)\n", ts.Dialect())
		return nil
	}
	u, token, err := ts.AddUser(ctx, admin, team.Admin, []string{team.AllWorkspaces})
	if err != nil {
		return err
	}
	if err := ts.Record(ctx, team.Entry{UserID: u.ID, UserName: u.Name, Action: "user.create", Target: u.Name, AfterID: u.ID}); err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(map[string]any{"user": u, "token": token})
	}
	fmt.Fprintf(env.Stdout, "admin %s created; their token (shown only now):\n%s\n", u.Name, token)
	return nil
}

// openTeam opens the team store: PostgreSQL when the address says so,
// else the session's own SQLite database.
func openTeam(ctx context.Context, env *Env, db string) (*team.Store, func(), error) {
	if db == "" {
		db = os.Getenv("CONTINUITY_DATABASE_URL")
	}
	if db == "" {
		s, err := env.Session(ctx)
		if err != nil {
			return nil, nil, err
		}
		ts, err := team.Open(ctx, s.DB.Writer(), team.SQLite)
		return ts, func() {}, err
	}
	if !pg.IsURL(db) {
		return nil, nil, Usagef("--db wants a postgres:// URL")
	}
	if u, err := url.Parse(db); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok && pw != "" {
			env.Redactor.AddSecret(pw)
		}
	}
	sqlDB, err := pg.Open(ctx, db, 10*time.Second)
	if err != nil {
		return nil, nil, err
	}
	ts, err := team.Open(ctx, sqlDB, team.Postgres)
	if err != nil {
		_ = sqlDB.Close()
		return nil, nil, err
	}
	return ts, func() { _ = sqlDB.Close() }, nil
}
