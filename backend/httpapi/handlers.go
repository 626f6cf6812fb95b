package httpapi

import (
	"errors"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"continuity/backend/retrieval"
)

func (s *Server) health(w http.ResponseWriter, r *http.Request, _ *call) error {
	if err := s.team.Ping(r.Context()); err != nil {
		s.log.Error("health: team store does not answer", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "store": string(s.team.Dialect())})
		return nil
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "store": string(s.team.Dialect()), "version": s.opts.Version})
	return nil
}

func (s *Server) me(w http.ResponseWriter, _ *http.Request, c *call) error {
	writeJSON(w, http.StatusOK, c.user)
	return nil
}

type workspaceDTO struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// workspaces lists what this server serves that the caller may use.
func (s *Server) workspaces(w http.ResponseWriter, r *http.Request, c *call) error {
	id, err := s.sess.WorkspaceID(r.Context())
	if err != nil {
		return err
	}
	out := []workspaceDTO{}
	if c.user.CanUse(id) {
		ws, err := s.sess.Workspace(r.Context())
		if err != nil {
			return err
		}
		out = append(out, workspaceDTO{ID: id, Name: filepath.Base(ws.Root)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"workspaces": out})
	return nil
}

const (
	maxQuery = 2000
	maxK     = 50
)

type hitDTO struct {
	Rank    int     `json:"rank"`
	DocID   string  `json:"doc_id"`
	ChunkID string  `json:"chunk_id"`
	Title   string  `json:"title"`
	URL     string  `json:"url,omitempty"`
	Score   float64 `json:"score"`
	Text    string  `json:"text"`
}

func (s *Server) search(w http.ResponseWriter, r *http.Request, _ *call) error {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" || len(q) > maxQuery {
		return errorf(http.StatusBadRequest, "bad_request", "q must be 1 to %d bytes", maxQuery)
	}
	k, err := intParam(r, "k", 10, 1, maxK)
	if err != nil {
		return err
	}
	mode, err := retrieval.ParseMode(r.URL.Query().Get("mode"))
	if err != nil {
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	ix, _, err := s.sess.FreshIndex(r.Context(), nil)
	if err != nil {
		return err
	}
	hits, err := ix.Search(r.Context(), q, k, mode)
	if err != nil {
		return err
	}
	out := make([]hitDTO, 0, len(hits))
	for _, h := range hits {
		out = append(out, hitDTO{Rank: h.Rank, DocID: h.DocID, ChunkID: h.ChunkID, Title: h.Title, URL: h.URL, Score: h.Score, Text: h.Text})
	}
	writeJSON(w, http.StatusOK, map[string]any{"query": q, "mode": string(mode), "hits": out})
	return nil
}

// intParam reads an optional integer query parameter within [lo, hi].
func intParam(r *http.Request, name string, def, lo, hi int) (int, error) {
	raw := r.URL.Query().Get(name)
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, errorf(http.StatusBadRequest, "bad_request", "%s must be an integer from %d to %d, got %q", name, lo, hi, raw)
	}
	return n, nil
}

// notFound turns a use case's not-found sentinel into a 404.
func notFound(err error, sentinel error) error {
	if errors.Is(err, sentinel) {
		return errorf(http.StatusNotFound, "not_found", "%v", err)
	}
	return err
}
