package httpapi

import (
	"errors"
	"net/http"
	"regexp"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
)

func (s *Server) runs(w http.ResponseWriter, r *http.Request, c *call) error {
	st, err := eval.OpenStore(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	list, err := st.Runs(r.Context(), r.URL.Query().Get("set"))
	if err != nil {
		return err
	}
	if list == nil {
		list = []eval.Run{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": list})
	return nil
}

func (s *Server) run(w http.ResponseWriter, r *http.Request, c *call) error {
	st, err := eval.OpenStore(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	id := r.PathValue("run")
	run, err := st.Run(r.Context(), id)
	if err != nil {
		return notFound(err, eval.ErrRunNotFound)
	}
	results, err := st.Results(r.Context(), id)
	if err != nil {
		return err
	}
	if results == nil {
		results = []eval.QuestionResult{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"run": run, "results": results})
	return nil
}

type runUpload struct {
	Run     eval.Run              `json:"run"`
	Results []eval.QuestionResult `json:"results"`
}

var runID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)

// importRun stores a run made elsewhere (CI's `eval --server`) with its
// results, all or nothing, so the manager's trend shows it.
func (s *Server) importRun(w http.ResponseWriter, r *http.Request, c *call) error {
	var in runUpload
	if err := decode(r, &in); err != nil {
		return err
	}
	if !runID.MatchString(in.Run.ID) || in.Run.GoldenSet == "" {
		return errorf(http.StatusBadRequest, "bad_request", "run: want an id (letters, digits, . _ : -) and a golden_set, got %q and %q", in.Run.ID, in.Run.GoldenSet)
	}
	if in.Run.Status == eval.StatusRunning || in.Run.Status == "" {
		return errorf(http.StatusBadRequest, "bad_request", "run %s: status %q; send a run when it has stopped", in.Run.ID, in.Run.Status)
	}
	st, err := eval.OpenStore(r.Context(), s.sess.DB, c.workspace)
	if err != nil {
		return err
	}
	err = st.Import(r.Context(), in.Run, in.Results)
	switch {
	case errors.Is(err, eval.ErrRunExists):
		return errorf(http.StatusConflict, "exists", "%v", err)
	case errors.Is(err, eval.ErrBadRun):
		return errorf(http.StatusBadRequest, "bad_request", "%v", err)
	case err != nil:
		return err
	}
	// the run's trend point is computed now, so no reader of the trend pays for it
	if _, err := evalrun.SetTrend(r.Context(), s.sess.DB, st, []eval.Run{in.Run}, nil); err != nil {
		s.log.Warn("trend point not kept; the next trend computes it", "run", in.Run.ID, "err", err)
	}
	if err := s.record(r.Context(), c, "run.create", in.Run.GoldenSet, "", in.Run.ID); err != nil {
		return err
	}
	s.hub.publish(event{Kind: "run", Workspace: c.workspace, Set: in.Run.GoldenSet, RunID: in.Run.ID})
	writeJSON(w, http.StatusCreated, map[string]any{"run_id": in.Run.ID, "results": len(in.Results)})
	return nil
}
