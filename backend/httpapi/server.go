package httpapi

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"continuity/backend/session"
	"continuity/backend/team"
)

// Options say how the server behaves; zero values are the defaults.
type Options struct {
	Version string
	Log     *slog.Logger
	// MaxBody bounds a request body (default 4 MiB: a draft at the check's
	// own limit, JSON-escaped).
	MaxBody int64
	// Rate and Burst are each token's requests per second and burst
	// (defaults 20 and 40).
	Rate  float64
	Burst int
	// UI is the built frontend (frontend/dist); nil serves the API only.
	UI fs.FS
}

// Server is the HTTP face over one workspace's session and the team store.
type Server struct {
	sess    *session.Session
	team    *team.Store
	opts    Options
	log     *slog.Logger
	limits  *limiter
	rows    rowCache
	metrics *metrics
	hub     hub
	mux     *http.ServeMux
}

// handler is one endpoint's work; c says who calls and on which workspace.
type handler func(w http.ResponseWriter, r *http.Request, c *call) error

// route is one endpoint. The table below is the only list of endpoints:
// the mux is built from it and the OpenAPI test reads it.
type route struct {
	method, path string
	action       team.Action // "" for the operator's endpoints, which need no token
	anyUser      bool        // any valid token (who am I, my workspaces)
	maxBody      int64       // a route's own body limit (a run's results); 0: Options.MaxBody
	h            handler
}

func (s *Server) routes() []route {
	return []route{
		{method: "GET", path: "/healthz", h: s.health},
		{method: "GET", path: "/api/v1/openapi.yaml", h: serveOpenAPI},
		{method: "POST", path: "/api/v1/session", h: s.startSession},
		{method: "GET", path: "/api/v1/session", anyUser: true, h: s.session},
		{method: "DELETE", path: "/api/v1/session", anyUser: true, h: s.endSession},
		{method: "GET", path: "/api/v1/me", anyUser: true, h: s.me},
		{method: "GET", path: "/api/v1/workspaces", anyUser: true, h: s.workspaces},
		{method: "GET", path: "/api/v1/workspaces/{ws}/events", anyUser: true, h: s.events},
		{method: "GET", path: "/api/v1/workspaces/{ws}/search", action: team.Search, h: s.search},
		{method: "POST", path: "/api/v1/workspaces/{ws}/checks", action: team.Check, h: s.check},
		{method: "GET", path: "/api/v1/workspaces/{ws}/checks", action: team.Check, h: s.checks},
		{method: "GET", path: "/api/v1/workspaces/{ws}/checks/{check}", action: team.Check, h: s.getCheck},
		{method: "DELETE", path: "/api/v1/workspaces/{ws}/checks/{check}", action: team.Check, h: s.deleteCheck},
		{method: "PUT", path: "/api/v1/workspaces/{ws}/checks/{check}/claims/{claim}/feedback", action: team.Feedback, h: s.setFeedback},
		{method: "GET", path: "/api/v1/workspaces/{ws}/checks/{check}/claims/{claim}/cause", action: team.Feedback, h: s.triageCause},
		{method: "PUT", path: "/api/v1/workspaces/{ws}/checks/{check}/claims/{claim}/cause", action: team.Feedback, h: s.setCause},
		{method: "POST", path: "/api/v1/workspaces/{ws}/checks/{check}/claims/{claim}/golden", action: team.EditGolden, h: s.triageToGolden},
		{method: "PUT", path: "/api/v1/workspaces/{ws}/checks/{check}/dismissal", action: team.Feedback, h: s.dismissFinding},
		{method: "POST", path: "/api/v1/workspaces/{ws}/draft-files", action: team.Check, maxBody: draftFileMaxBody, h: s.convertDraftFile},
		{method: "GET", path: "/api/v1/workspaces/{ws}/triage", action: team.Feedback, h: s.triage},
		{method: "POST", path: "/api/v1/workspaces/{ws}/pr-checks", action: team.Check, maxBody: 64 << 20, h: s.recordPRCheck},
		{method: "GET", path: "/api/v1/workspaces/{ws}/pr-checks", action: team.ReadRuns, h: s.prChecks},
		{method: "GET", path: "/api/v1/workspaces/{ws}/golden-sets", action: team.ReadGolden, h: s.goldenSets},
		{method: "POST", path: "/api/v1/workspaces/{ws}/golden-sets", action: team.EditGolden, h: s.createGoldenSet},
		{method: "GET", path: "/api/v1/workspaces/{ws}/golden-sets/{set}", action: team.ReadGolden, h: s.goldenSet},
		{method: "DELETE", path: "/api/v1/workspaces/{ws}/golden-sets/{set}", action: team.EditGolden, h: s.deleteGoldenSet},
		{method: "POST", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/rename", action: team.EditGolden, h: s.renameGoldenSet},
		{method: "GET", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/versions", action: team.ReadGolden, h: s.goldenVersions},
		{method: "GET", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/stale", action: team.ReadGolden, h: s.goldenStale},
		{method: "GET", path: "/api/v1/workspaces/{ws}/golden-file", action: team.ReadGolden, h: s.goldenFile},
		{method: "PATCH", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/rows/{row}", action: team.EditGolden, h: s.editGoldenRow},
		{method: "DELETE", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/rows/{row}", action: team.EditGolden, h: s.deleteGoldenRow},
		{method: "POST", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/rows", action: team.EditGolden, h: s.addGoldenRow},
		{method: "POST", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/restore", action: team.EditGolden, h: s.restoreGolden},
		{method: "GET", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/thresholds", action: team.ReadRuns, h: s.thresholds},
		{method: "PUT", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/thresholds", action: team.WriteRuns, h: s.setThresholds},
		{method: "GET", path: "/api/v1/workspaces/{ws}/golden-sets/{set}/trend", action: team.ReadRuns, h: s.trend},
		{method: "GET", path: "/api/v1/workspaces/{ws}/runs", action: team.ReadRuns, h: s.runs},
		{method: "POST", path: "/api/v1/workspaces/{ws}/runs", action: team.WriteRuns, maxBody: 64 << 20, h: s.importRun},
		{method: "GET", path: "/api/v1/workspaces/{ws}/runs/{run}", action: team.ReadRuns, h: s.run},
		{method: "GET", path: "/api/v1/workspaces/{ws}/runs/{run}/scorecard", action: team.ReadRuns, h: s.scorecard},
		{method: "POST", path: "/api/v1/workspaces/{ws}/runs/{run}/pin", action: team.WriteRuns, h: s.pinBaseline},
		{method: "GET", path: "/api/v1/workspaces/{ws}/run-records", action: team.ReadRuns, h: s.runRecords},
		{method: "GET", path: "/api/v1/users", action: team.ManageTeam, h: s.users},
		{method: "POST", path: "/api/v1/users", action: team.ManageTeam, h: s.addUser},
		{method: "GET", path: "/api/v1/audit-log", action: team.ManageTeam, h: s.auditLog},
	}
}

// New builds the server. sess is the workspace it serves; ts the team store.
func New(sess *session.Session, ts *team.Store, o Options) (*Server, error) {
	if sess == nil || ts == nil {
		return nil, errors.New("httpapi: a session and a team store are needed")
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 4 << 20
	}
	if o.Rate <= 0 {
		o.Rate = 20
	}
	if o.Burst <= 0 {
		o.Burst = 40
	}
	s := &Server{sess: sess, team: ts, opts: o, log: o.Log, limits: newLimiter(o.Rate, o.Burst), metrics: newMetrics(), mux: http.NewServeMux()}
	for _, rt := range s.routes() {
		s.mux.Handle(rt.method+" "+rt.path, s.wrap(rt))
	}
	s.mux.Handle("GET /metrics", s.metrics.handler())
	if o.UI != nil {
		ui, err := newWebUI(o.UI)
		if err != nil {
			return nil, err
		}
		s.mux.Handle("GET /", ui)
	}
	return s, nil
}

// Handler is the whole server, for http.Server or httptest.
func (s *Server) Handler() http.Handler { return s.mux }

// call is what a request's handler knows about its caller.
type call struct {
	user      team.User
	session   *team.Session // set when a browser calls with its session cookie
	workspace string        // the {ws} of the path, checked against the user's grants
}

func (s *Server) wrap(rt route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		c, err := s.authorize(r, rt)
		if err == nil {
			limit := s.opts.MaxBody
			if rt.maxBody > 0 {
				limit = rt.maxBody
			}
			r.Body = http.MaxBytesReader(rec, r.Body, limit)
			err = rt.h(rec, r, c)
		}
		if err != nil {
			s.writeError(rec, r, err)
		}
		s.metrics.observe(rt.method+" "+rt.path, rec.status, time.Since(start))
		s.log.Info("request", "method", r.Method, "route", rt.path, "status", rec.status,
			"user", c.userName(), "ms", time.Since(start).Milliseconds())
	})
}

// authorize names the caller and checks the route's action and workspace.
func (s *Server) authorize(r *http.Request, rt route) (*call, error) {
	c := &call{}
	if rt.action == "" && !rt.anyUser {
		return c, nil
	}
	if err := s.caller(r, c); err != nil {
		return c, err
	}
	u := c.user
	if !s.limits.allow(u.ID) {
		return c, errRateLimit
	}
	if rt.action != "" && !u.Role.Can(rt.action) {
		return c, errorf(http.StatusForbidden, "forbidden", "a %s may not %s (that needs one of the roles %s; ask an admin)",
			u.Role, rt.action.Words(), joinRoles(team.RolesThatCan(rt.action)))
	}
	if ws := r.PathValue("ws"); ws != "" {
		if !u.CanUse(ws) {
			return c, errorf(http.StatusForbidden, "forbidden", "this token may not use workspace %q", ws)
		}
		served, err := s.sess.WorkspaceID(r.Context())
		if err != nil {
			return c, err
		}
		if ws != served {
			return c, errNoSuchWS
		}
		c.workspace = ws
	}
	return c, nil
}

// caller names who calls: a Bearer token (scripts, CI, the desktop), else
// a browser's session cookie.
func (s *Server) caller(r *http.Request, c *call) error {
	auth := r.Header.Get("Authorization")
	if auth == "" {
		return s.fromBrowser(r, c)
	}
	token, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || token == "" {
		return errNoToken
	}
	u, err := s.team.Authenticate(r.Context(), strings.TrimSpace(token))
	if errors.Is(err, team.ErrUnauthorized) {
		return errBadToken
	}
	if err != nil {
		return err
	}
	c.user = u
	return nil
}

func joinRoles(rs []team.Role) string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = string(r)
	}
	return strings.Join(out, ", ")
}

func (c *call) userName() string {
	if c == nil {
		return ""
	}
	return c.user.Name
}

// record audit-logs a write that has committed. A failed log entry is the
// server's error: a write the log does not show must not look fine.
func (s *Server) record(ctx context.Context, c *call, action, target, before, after string) error {
	return s.team.Record(ctx, team.Entry{UserID: c.user.ID, UserName: c.user.Name, Action: action,
		Workspace: c.workspace, Target: target, BeforeID: before, AfterID: after})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

// Unwrap lets http.ResponseController reach the connection (an event
// stream flushes and lifts its write deadline).
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}
