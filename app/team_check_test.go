package app

import (
	"testing"

	"continuity/backend/team"
)

// A connected desktop checks on the team server: the check, its 👎 and the
// triage question made from it are the team's, not this machine's.
func TestADesktopOnATeamServerChecksThereAndItsThumbsDownReachesTheTeam(t *testing.T) {
	url, tokens := teamServer(t)
	mockKeyring(t)
	rec := &recorder{}
	d := desktop(t, rec, checkWorkspace(t))
	local, err := d.Check.ListHistory()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Team.Connect(url, tokens[team.Expert]); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Check.Check(voiceAndClaimsDraft, "offline"); err != nil {
		t.Fatal(err)
	}
	d.Check.c.jobs.wait()
	done := rec.done()
	if len(done) != 1 || !done[0].OK {
		t.Fatalf("done %+v", done)
	}
	rep, ok := done[0].Result.(CheckReportDTO)
	if !ok || rep.Source != "server" || rep.ID == 0 || rep.Summary.Contradicted != 1 {
		t.Fatalf("the server's check %+v", done[0].Result)
	}
	idx := -1
	for _, c := range rep.Claims {
		if c.Verdict == "contradicted" {
			idx = c.Index
		}
	}
	if err := d.Check.SetFeedback(rep.ID, idx, "down", "the page says 30 days"); err != nil {
		t.Fatal(err)
	}
	cause, err := d.Check.TriageCause(rep.ID, idx)
	if err != nil || cause.CauseSuggested == "" || len(cause.Causes) != 4 {
		t.Fatalf("cause %+v %v", cause, err)
	}
	if err := d.Check.Dismiss(rep.ID, "voice", 0, "Quoted"); err != nil {
		t.Fatal(err)
	}
	items, err := d.Check.ListTriage()
	if err != nil || len(items) != 1 || items[0].CheckID != rep.ID || items[0].Note != "the page says 30 days" {
		t.Fatalf("the team's triage %+v %v", items, err)
	}
	added, err := d.Golden.AddFromTriage("", rep.ID, idx, "How long is the refund window?")
	if err != nil || added.Set != "triage" || added.Row.Question != "How long is the refund window?" {
		t.Fatalf("triage → question %+v %v", added, err)
	}
	exp, err := d.Check.ExportReport(rep.ID, "md")
	if err != nil || exp.Text == "" {
		t.Fatalf("export %+v %v", exp, err)
	}
	again, err := d.Check.GetCheck(rep.ID)
	if err != nil || again.Claims[idx].Vote != "down" || !again.Voice[0].Dismissed {
		t.Fatalf("the server's check after 👎 and dismissal: %+v %v", again, err)
	}

	// Disconnected, the desktop's own history is back, without the server's check.
	if _, err := d.Team.Disconnect(); err != nil {
		t.Fatal(err)
	}
	mine, err := d.Check.ListHistory()
	if err != nil || len(mine) != len(local) {
		t.Fatalf("this machine's history after disconnecting: %d entries (had %d) %v", len(mine), len(local), err)
	}
	if triage, err := d.Check.ListTriage(); err != nil || len(triage) != 0 {
		t.Fatalf("this machine's triage: %+v %v", triage, err)
	}
}
