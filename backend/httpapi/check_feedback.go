package httpapi

import (
	"fmt"
	"net/http"

	"continuity/backend/check"
	"continuity/backend/checkview"
	"continuity/backend/golden"
	"continuity/backend/retrieval"
)

// A writer's 👍/👎, causes and dismissals on the server's checks: the
// triage the expert turns into golden questions, shared by the team.

type feedbackRequest struct {
	Vote string `json:"vote"` // up | down | ""
	Note string `json:"note"`
}

type causeRequest struct {
	Cause string `json:"cause"`
}

type dismissRequest struct {
	Kind   string `json:"kind"` // claim | voice
	Index  int    `json:"index"`
	Reason string `json:"reason"` // "" restores the finding
}

type triageQuestion struct {
	Set      string `json:"set"` // "": the "triage" set, created when missing
	Question string `json:"question"`
}

func findingTarget(id int64, idx int) string { return fmt.Sprintf("check/%d/claim/%d", id, idx) }

func (s *Server) setFeedback(w http.ResponseWriter, r *http.Request, c *call) error {
	id, idx, err := checkAndClaim(r, true)
	if err != nil {
		return err
	}
	var in feedbackRequest
	if err := decode(r, &in); err != nil {
		return err
	}
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	if err := repo.SetFeedback(r.Context(), id, idx, in.Vote, in.Note); err != nil {
		return checkWriteError(err)
	}
	if in.Vote == check.VoteDown {
		// The vote stands either way; the card asks for the cause again
		// and shows that error there.
		if _, err := s.suggestCause(r, repo, id, idx); err != nil {
			s.log.Warn("no triage cause suggested", "check", id, "claim", idx, "err", err)
		}
	}
	if err := s.record(r.Context(), c, "check.feedback", findingTarget(id, idx), "", in.Vote); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) suggestCause(r *http.Request, repo *check.Repo, id int64, idx int) (checkview.TriageCause, error) {
	ix, contentDir, err := s.indexAndContent(r)
	if err != nil {
		return checkview.TriageCause{}, err
	}
	return checkview.SuggestCause(r.Context(), repo, id, idx, ix, contentDir)
}

func (s *Server) triageCause(w http.ResponseWriter, r *http.Request, c *call) error {
	id, idx, err := checkAndClaim(r, true)
	if err != nil {
		return err
	}
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	out, err := checkview.CauseOf(r.Context(), repo, id, idx, func() (*retrieval.Index, string, error) { return s.indexAndContent(r) })
	if err != nil {
		return checkWriteError(err)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) setCause(w http.ResponseWriter, r *http.Request, c *call) error {
	id, idx, err := checkAndClaim(r, true)
	if err != nil {
		return err
	}
	var in causeRequest
	if err := decode(r, &in); err != nil {
		return err
	}
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	if err := repo.SetCause(r.Context(), id, idx, check.Cause(in.Cause)); err != nil {
		return checkWriteError(err)
	}
	if err := s.record(r.Context(), c, "check.cause", findingTarget(id, idx), "", in.Cause); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) dismissFinding(w http.ResponseWriter, r *http.Request, c *call) error {
	id, _, err := checkAndClaim(r, false)
	if err != nil {
		return err
	}
	var in dismissRequest
	if err := decode(r, &in); err != nil {
		return err
	}
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	if err := repo.Dismiss(r.Context(), id, in.Kind, in.Index, in.Reason); err != nil {
		return checkWriteError(err)
	}
	target := fmt.Sprintf("check/%d/%s/%d", id, in.Kind, in.Index)
	if err := s.record(r.Context(), c, "check.dismiss", target, "", in.Reason); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// triageToGolden turns a 👎 into a tricky question of a golden set; the
// expert fills in the approved answer in the grid.
func (s *Server) triageToGolden(w http.ResponseWriter, r *http.Request, c *call) error {
	id, idx, err := checkAndClaim(r, true)
	if err != nil {
		return err
	}
	var in triageQuestion
	if err := decode(r, &in); err != nil {
		return err
	}
	if in.Set != "" {
		if err := golden.ValidateName(in.Set); err != nil {
			return errorf(http.StatusBadRequest, "bad_request", "%v", err)
		}
	}
	if len(in.Question) > 4*check.MaxQuestion {
		return errorf(http.StatusBadRequest, "bad_request", "the question is longer than %d characters", check.MaxQuestion)
	}
	g, err := s.goldenRepo(r, c)
	if err != nil {
		return err
	}
	repo, err := s.checkRepo(r, c)
	if err != nil {
		return err
	}
	name, row, err := repo.AddToGolden(r.Context(), g, in.Set, id, idx, in.Question, c.user.Name)
	if err != nil {
		return goldenWriteError(checkWriteError(err))
	}
	set, err := g.Set(r.Context(), name)
	if err != nil {
		return err
	}
	if err := s.goldenWritten(r, c, "golden.add_from_triage", name+"/"+row.ID, set.Version-1, set); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]any{"set": name, "row": row})
	return nil
}

// indexAndContent is what a cause suggestion reads: the served index and
// the content folder its passages come from.
func (s *Server) indexAndContent(r *http.Request) (*retrieval.Index, string, error) {
	ws, err := s.sess.Workspace(r.Context())
	if err != nil {
		return nil, "", err
	}
	ix, err := s.sess.Index(r.Context())
	if err != nil {
		return nil, "", err
	}
	return ix, ws.ContentDir(), nil
}
