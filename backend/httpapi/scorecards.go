package httpapi

import (
	"errors"
	"net/http"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/scoreview"
)

// The views below answer with what the desktop shows (backend/scoreview),
// so the web app and the desktop read one run the same way.

// runRecords lists runs as people read them: newest first, what answered
// and judged each, and which is its set's pinned baseline.
func (s *Server) runRecords(w http.ResponseWriter, r *http.Request, c *call) error {
	st, err := eval.OpenStore(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	list, err := scoreview.Runs(r.Context(), s.sess.DB, st, r.URL.Query().Get("set"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": list})
	return nil
}

// scorecard is a run's scorecard against a baseline (?baseline= a run ID,
// last, pinned, or empty for none).
func (s *Server) scorecard(w http.ResponseWriter, r *http.Request, c *call) error {
	st, err := eval.OpenStore(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	card, _, err := scoreview.Load(r.Context(), s.sess.DB, st, r.PathValue("run"), r.URL.Query().Get("baseline"))
	if errors.Is(err, scoreview.ErrBadRunID) {
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	if err != nil {
		return notFound(err, eval.ErrRunNotFound)
	}
	writeJSON(w, http.StatusOK, card)
	return nil
}

// pinBaseline makes a run the baseline its set's later runs are compared with.
func (s *Server) pinBaseline(w http.ResponseWriter, r *http.Request, c *call) error {
	st, err := eval.OpenStore(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	id := r.PathValue("run")
	if err := scoreview.CheckRunID(id); err != nil {
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	run, err := st.Run(r.Context(), id)
	if err != nil {
		return notFound(err, eval.ErrRunNotFound)
	}
	prev, err := evalrun.PinnedBaseline(r.Context(), s.sess.DB, c.workspace, run.GoldenSet)
	if err != nil {
		return err
	}
	if _, err := evalrun.PinBaseline(r.Context(), s.sess.DB, st, id); err != nil {
		return err
	}
	if err := s.record(r.Context(), c, "baseline.pin", run.GoldenSet, prev, id); err != nil {
		return err
	}
	d := scoreview.Run(run)
	d.Pinned = true
	writeJSON(w, http.StatusOK, d)
	return nil
}
