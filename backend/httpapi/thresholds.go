package httpapi

import (
	"errors"
	"net/http"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/golden"
	"continuity/backend/scorecard"
	"continuity/backend/scoreview"
)

func (s *Server) thresholds(w http.ResponseWriter, r *http.Request, c *call) error {
	g, err := evalrun.Thresholds(r.Context(), s.sess.DB, c.workspace, r.PathValue("set"))
	if err != nil {
		return gateError(err)
	}
	writeJSON(w, http.StatusOK, map[string]any{"set": g.Set, "thresholds": g.Rows(), "gate": scoreview.Gate(g)})
	return nil
}

type thresholdEdits struct {
	Edits []string `json:"edits"` // metric=0..1, metric=none, metric=default, as `eval thresholds` takes them
}

// setThresholds changes a set's gate: every edit is checked before any is
// saved, and runs already recorded keep the gate they were run with.
func (s *Server) setThresholds(w http.ResponseWriter, r *http.Request, c *call) error {
	var in thresholdEdits
	if err := decode(r, &in); err != nil {
		return err
	}
	if len(in.Edits) == 0 || len(in.Edits) > 50 {
		return errorf(http.StatusBadRequest, "bad_request", "edits: 1 to 50 of metric=value")
	}
	edits := make([]scorecard.ThresholdEdit, 0, len(in.Edits))
	for _, a := range in.Edits {
		e, err := scorecard.ParseThresholdEdit(a)
		if err != nil {
			return errorf(http.StatusBadRequest, "bad_request", "%v", err)
		}
		edits = append(edits, e)
	}
	set := r.PathValue("set")
	g, err := evalrun.SaveThresholds(r.Context(), s.sess.DB, c.workspace, set, edits)
	if err != nil {
		return gateError(err)
	}
	if err := s.record(r.Context(), c, "thresholds.edit", set, "", ""); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"set": g.Set, "thresholds": g.Rows(), "gate": scoreview.Gate(g)})
	return nil
}

func gateError(err error) error {
	switch {
	case errors.Is(err, golden.ErrNotFound):
		return errorf(http.StatusNotFound, "not_found", "%v", err)
	case errors.Is(err, scorecard.ErrInvalidThreshold), errors.Is(err, golden.ErrInvalid):
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	}
	return err
}

// trend is the set's trend: one point per finished run, oldest first.
func (s *Server) trend(w http.ResponseWriter, r *http.Request, c *call) error {
	set := r.PathValue("set")
	st, err := eval.OpenStore(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	runs, err := st.Runs(r.Context(), set)
	if err != nil {
		return err
	}
	points, err := evalrun.SetTrend(r.Context(), s.sess.DB, st, runs, nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"set": set, "trend": points})
	return nil
}
