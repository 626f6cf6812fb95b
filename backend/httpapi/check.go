package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"continuity/backend/check"
	"continuity/backend/engine"
)

type checkRequest struct {
	Draft  string `json:"draft"`
	Engine string `json:"engine,omitempty"`
	K      int    `json:"k,omitempty"`
}

// check runs a draft check, keeps it in the workspace's history, and
// answers with the same JSON as `continuity check --json`.
func (s *Server) check(w http.ResponseWriter, r *http.Request, c *call) error {
	var in checkRequest
	if err := decode(r, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Draft) == "" {
		return errorf(http.StatusBadRequest, "bad_request", "draft: empty; send the draft's text")
	}
	if len(in.Draft) > check.MaxDraftBytes {
		return errorf(http.StatusRequestEntityTooLarge, "too_large", "draft: %d bytes, over the %d-byte limit", len(in.Draft), check.MaxDraftBytes)
	}
	if in.K < 0 || in.K > maxK {
		return errorf(http.StatusBadRequest, "bad_request", "k must be from 1 to %d, got %d", maxK, in.K)
	}
	var eng engine.Engine
	if in.Engine != "" {
		e, err := engine.Parse(in.Engine)
		if err != nil {
			return errorf(http.StatusBadRequest, "bad_request", "engine must be offline or llm, got %q", in.Engine)
		}
		eng = e
	}
	out, err := check.Run(r.Context(), s.sess, check.Request{Draft: in.Draft, Source: check.SourceServer, Engine: eng, K: in.K}, nil)
	if errors.Is(err, check.ErrNoKey) {
		return errorf(http.StatusConflict, "no_key", "%v; the server has no model key: use engine \"offline\"", err)
	}
	if err != nil {
		return err
	}
	id := strconv.FormatInt(out.Record.ID, 10)
	if err := s.record(r.Context(), c, "check.create", "check", "", id); err != nil {
		return err
	}
	resp := map[string]any{"check_id": out.Record.ID, "report": check.ContractJSON(out.Record.Report)}
	if out.VoiceSkipped != nil {
		resp["voice_skipped"] = out.VoiceSkipped.Error()
	}
	writeJSON(w, http.StatusCreated, resp)
	return nil
}
