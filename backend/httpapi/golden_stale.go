package httpapi

import (
	"net/http"
	"os"
	"path/filepath"

	"continuity/backend/golden"
	"continuity/backend/goldenstale"
)

// goldenStale checks a set's current rows against the corpus as the server
// indexed it: references gone, archived or renamed, supporting lines gone,
// approved answers the corpus now contradicts. Rows are numbered as the
// set's export shows them; a check that could not run says so in note.
func (s *Server) goldenStale(w http.ResponseWriter, r *http.Request, c *call) error {
	repo, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	name := r.PathValue("set")
	rows, err := repo.Rows(r.Context(), name)
	if err != nil {
		return notFound(err, golden.ErrNotFound)
	}
	f, err := goldenstale.ForSession(r.Context(), s.sess)
	if err != nil {
		return err
	}
	res, err := f.Find(r.Context(), rows, goldenstale.ExportRowNums(len(rows)))
	if err != nil {
		return err
	}
	issues := res.Issues
	if issues == nil {
		issues = []golden.Issue{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"set": name, "rows": res.Rows(), "issues": issues, "engine": res.Engine, "note": res.Skipped})
	return nil
}

// goldenFile says whether the served workspace holds a golden.xlsx; the
// name is relative to the workspace, never a path on the server.
func (s *Server) goldenFile(w http.ResponseWriter, r *http.Request, _ *call) error {
	ws, err := s.sess.Workspace(r.Context())
	if err != nil {
		return err
	}
	_, statErr := os.Stat(ws.GoldenPath())
	writeJSON(w, http.StatusOK, map[string]any{"path": filepath.Base(ws.GoldenPath()), "exists": statErr == nil})
	return nil
}
