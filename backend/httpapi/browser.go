package httpapi

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"continuity/backend/team"
)

// A browser never holds an API token: it trades one for a session cookie
// (HttpOnly, Secure, SameSite=Strict) and repeats the session's CSRF token
// in a header on every write. Scripts and CI keep using Bearer tokens.
const (
	sessionCookie = "ctn_session"
	csrfHeader    = "X-CSRF-Token"
)

var (
	errNoCSRF      = errorf(http.StatusForbidden, "csrf", "a write from a browser must repeat its session's "+csrfHeader)
	errOtherOrigin = errorf(http.StatusForbidden, "csrf", "a write from another site is refused")
)

type signIn struct {
	Token string `json:"token"`
}

// startSession signs a browser in with an API token it was given once.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, _ *call) error {
	var in signIn
	if err := decode(r, &in); err != nil {
		return err
	}
	se, err := s.team.StartSession(r.Context(), strings.TrimSpace(in.Token))
	if errors.Is(err, team.ErrUnauthorized) {
		return errBadToken
	}
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: se.ID, Path: "/", Expires: se.Expires,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
	if err := s.team.Record(r.Context(), team.Entry{UserID: se.User.ID, UserName: se.User.Name, Action: "session.start"}); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, se)
	return nil
}

// session tells a reloaded page who is signed in and its CSRF token.
func (s *Server) session(w http.ResponseWriter, _ *http.Request, c *call) error {
	if c.session == nil {
		return errorf(http.StatusBadRequest, "bad_request", "this call is signed with a token, not a browser session")
	}
	writeJSON(w, http.StatusOK, c.session)
	return nil
}

func (s *Server) endSession(w http.ResponseWriter, r *http.Request, c *call) error {
	if c.session != nil {
		if err := s.team.EndSession(r.Context(), c.session.ID); err != nil {
			return err
		}
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// fromBrowser names the caller of a request that carries a session cookie
// and no token. A write must come from this server's own pages: the CSRF
// header must match, and an Origin, when the browser sends one, must be ours.
func (s *Server) fromBrowser(r *http.Request, c *call) error {
	ck, err := r.Cookie(sessionCookie)
	if err != nil || ck.Value == "" {
		return errNoToken
	}
	se, err := s.team.SessionUser(r.Context(), ck.Value)
	if errors.Is(err, team.ErrUnauthorized) {
		return errorf(http.StatusUnauthorized, "unauthorized", "the browser session ended; sign in again")
	}
	if err != nil {
		return err
	}
	if safeMethod(r.Method) {
		c.user, c.session = se.User, &se
		return nil
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		if u, err := url.Parse(origin); err != nil || u.Host != r.Host {
			return errOtherOrigin
		}
	}
	got := r.Header.Get(csrfHeader)
	if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(se.CSRF)) != 1 {
		return errNoCSRF
	}
	c.user, c.session = se.User, &se
	return nil
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}
