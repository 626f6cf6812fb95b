package app

import (
	"errors"
	"slices"
	"testing"

	"continuity/backend/check"
)

// A 👎 from the desktop gets a suggested cause at once; the writer's
// change is kept and shows in the check and the triage list.
func TestDesktopTriageCause(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	rec := &recorder{}
	svc := desktop(t, rec, checkWorkspace(t))
	if done := runCheckJob(t, svc.Check, rec, voiceAndClaimsDraft, "offline"); !done.OK {
		t.Fatalf("check: %+v", done)
	}
	hist, err := svc.Check.ListHistory()
	mustOK(t, err)
	id := hist[0].ID
	if _, err := svc.Check.TriageCause(id, 0); !errors.Is(err, check.ErrInvalid) {
		t.Fatalf("cause without a 👎: %v", err)
	}
	mustOK(t, svc.Check.SetFeedback(id, 0, "down", "wrong"))
	c, err := svc.Check.TriageCause(id, 0)
	mustOK(t, err)
	if c.CauseSuggested == "" || c.Cause != c.CauseSuggested || c.CauseWhy == "" || len(c.Causes) != 4 || !slices.Contains(c.Causes, c.Cause) {
		t.Fatalf("suggested: %+v", c)
	}
	other := "retrieval_miss"
	if c.Cause == other {
		other = "bad_grounding"
	}
	mustOK(t, svc.Check.SetCause(id, 0, other))
	if err := svc.Check.SetCause(id, 0, "nonsense"); !errors.Is(err, check.ErrInvalid) {
		t.Fatalf("bad cause: %v", err)
	}
	rep, err := svc.Check.GetCheck(id)
	mustOK(t, err)
	if cl := rep.Claims[0]; cl.Cause != other || cl.CauseSuggested != c.CauseSuggested {
		t.Fatalf("claim after the change: cause %q suggested %q", cl.Cause, cl.CauseSuggested)
	}
	items, err := svc.Check.ListTriage()
	mustOK(t, err)
	if len(items) != 1 || items[0].Cause != other || items[0].CauseWhy != c.CauseWhy {
		t.Fatalf("triage: %+v", items)
	}
}
