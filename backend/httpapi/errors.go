package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// apiError is an error with the HTTP status and the stable code a client
// branches on; its message is for people.
type apiError struct {
	status int
	code   string
	msg    string
	extra  map[string]any // more fields of the error body (a conflict's versions)
}

func (e *apiError) Error() string { return e.msg }

func errorf(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, msg: fmt.Sprintf(format, args...)}
}

var (
	errNoToken   = errorf(http.StatusUnauthorized, "unauthorized", "send a token: Authorization: Bearer ctn_…")
	errBadToken  = errorf(http.StatusUnauthorized, "unauthorized", "the token is unknown or revoked")
	errNoSuchWS  = errorf(http.StatusNotFound, "not_found", "no such workspace on this server")
	errTooLarge  = errorf(http.StatusRequestEntityTooLarge, "too_large", "the request body is over the server's limit")
	errRateLimit = errorf(http.StatusTooManyRequests, "rate_limited", "too many requests for this token; retry after a second")
)

// writeError answers with {"error": {"code", "message", …}}. An error that
// is not an apiError is the server's fault: the client gets a generic 500
// and the log gets the cause.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		ae = errorf(http.StatusInternalServerError, "internal", "the server could not do this; its log says why")
	}
	body := map[string]any{"code": ae.code, "message": ae.msg}
	for k, v := range ae.extra {
		body[k] = v
	}
	if ae.status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, ae.status, map[string]any{"error": body})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true)
	_ = enc.Encode(v)
}

// decode reads a JSON body into v: unknown fields and trailing data are
// refused with what was wrong, and a body over the limit is a 413.
func decode(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errTooLarge
		}
		return errorf(http.StatusBadRequest, "bad_request", "request body: %v", err)
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, "bad_request", "request body: one JSON object, nothing after it")
	}
	return nil
}
