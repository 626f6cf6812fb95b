package httpapi_test

import (
	"context"
	"strconv"
	"testing"

	"continuity/backend/team"
)

type checkView struct {
	ID     int64  `json:"id"`
	Title  string `json:"title"`
	Draft  string `json:"draft"`
	Claims []struct {
		Index          int    `json:"index"`
		Verdict        string `json:"verdict"`
		Vote           string `json:"vote"`
		Note           string `json:"note"`
		Cause          string `json:"cause"`
		CauseSuggested string `json:"cause_suggested"`
		Dismissed      bool   `json:"dismissed"`
		DismissReason  string `json:"dismiss_reason"`
	} `json:"claims"`
}

// newCheck checks a draft as writer and returns its ID.
func newCheck(t *testing.T, writer, draft string) int64 {
	t.Helper()
	var out struct {
		CheckID int64 `json:"check_id"`
	}
	if got := do(t, fx.http.URL, writer, "POST", wsPath("/checks"), map[string]any{"draft": draft, "engine": "offline"}, &out); got != 201 {
		t.Fatalf("check: %d", got)
	}
	return out.CheckID
}

func checkPath(id int64, rest string) string {
	return wsPath("/checks/" + strconv.FormatInt(id, 10) + rest)
}

func TestAWritersCheckHistoryVotesAndDismissalsLiveOnTheServer(t *testing.T) {
	writer := user(t, team.Writer)
	id := newCheck(t, writer, "# Refund policy\n\nRefunds are issued within 30 days of the purchase. Invoices are emailed every Monday.")

	var list struct {
		Checks []struct {
			ID    int64  `json:"id"`
			Title string `json:"title"`
		} `json:"checks"`
	}
	if got := do(t, fx.http.URL, writer, "GET", wsPath("/checks"), nil, &list); got != 200 || len(list.Checks) == 0 || list.Checks[0].ID != id || list.Checks[0].Title != "Refund policy" {
		t.Fatalf("history: %d %+v", got, list)
	}
	var view checkView
	if got := do(t, fx.http.URL, writer, "GET", checkPath(id, ""), nil, &view); got != 200 || view.ID != id || len(view.Claims) < 2 {
		t.Fatalf("check view: %d %+v", got, view)
	}

	if got := do(t, fx.http.URL, writer, "PUT", checkPath(id, "/claims/0/feedback"), map[string]any{"vote": "down", "note": "the page says 14 days"}, nil); got != 204 {
		t.Fatalf("👎: %d", got)
	}
	var cause struct {
		Cause, CauseSuggested string
		Causes                []string
	}
	if got := do(t, fx.http.URL, writer, "GET", checkPath(id, "/claims/0/cause"), nil, &cause); got != 200 || len(cause.Causes) != 4 {
		t.Fatalf("cause: %d %+v", got, cause)
	}
	if got := do(t, fx.http.URL, writer, "PUT", checkPath(id, "/claims/0/cause"), map[string]any{"cause": "wrong_verdict"}, nil); got != 204 {
		t.Fatalf("set cause: %d", got)
	}
	if got := do(t, fx.http.URL, writer, "PUT", checkPath(id, "/dismissal"), map[string]any{"kind": "claim", "index": 1, "reason": "Intended"}, nil); got != 204 {
		t.Fatalf("dismiss: %d", got)
	}
	view = checkView{}
	do(t, fx.http.URL, writer, "GET", checkPath(id, ""), nil, &view)
	if c := view.Claims[0]; c.Vote != "down" || c.Note != "the page says 14 days" || c.Cause != "wrong_verdict" || c.CauseSuggested == "" {
		t.Errorf("claim 0 after 👎 and cause: %+v", c)
	}
	if c := view.Claims[1]; !c.Dismissed || c.DismissReason != "Intended" {
		t.Errorf("claim 1 after dismissal: %+v", c)
	}

	// The expert sees the writer's 👎 in triage and turns it into a question.
	expert := user(t, team.Expert)
	var triage struct {
		Items []struct {
			CheckID    int64 `json:"check_id"`
			ClaimIndex int   `json:"claim_index"`
		} `json:"items"`
	}
	if got := do(t, fx.http.URL, expert, "GET", wsPath("/triage"), nil, &triage); got != 200 || !hasTriage(triage.Items, id, 0) {
		t.Fatalf("triage: %d %+v", got, triage)
	}
	var added struct {
		Set string `json:"set"`
		Row struct {
			ID       string `json:"id"`
			Question string `json:"question"`
		} `json:"row"`
	}
	q := map[string]any{"set": "", "question": "How long do refunds take?"}
	if got := do(t, fx.http.URL, writer, "POST", checkPath(id, "/claims/0/golden"), q, nil); got != 403 {
		t.Errorf("a writer turned triage into a question: %d", got)
	}
	if got := do(t, fx.http.URL, expert, "POST", checkPath(id, "/claims/0/golden"), q, &added); got != 201 || added.Set != "triage" || added.Row.Question != "How long do refunds take?" {
		t.Fatalf("triage → question: %d %+v", got, added)
	}

	var exp struct{ Format, Filename, Text string }
	if got := do(t, fx.http.URL, writer, "GET", checkPath(id, "?format=md"), nil, &exp); got != 200 || exp.Filename != "draft-check-"+strconv.FormatInt(id, 10)+".md" || exp.Text == "" {
		t.Fatalf("export: %d %+v", got, exp)
	}
	if got := do(t, fx.http.URL, writer, "DELETE", checkPath(id, ""), nil, nil); got != 204 {
		t.Fatalf("delete: %d", got)
	}
	if got := do(t, fx.http.URL, writer, "GET", checkPath(id, ""), nil, nil); got != 404 {
		t.Errorf("a deleted check: %d, want 404", got)
	}
	wantLogged(t, "check.feedback", "check.cause", "check.dismiss", "golden.add_from_triage", "check.delete")
}

func hasTriage(items []struct {
	CheckID    int64 `json:"check_id"`
	ClaimIndex int   `json:"claim_index"`
}, id int64, claim int) bool {
	for _, it := range items {
		if it.CheckID == id && it.ClaimIndex == claim {
			return true
		}
	}
	return false
}

func wantLogged(t *testing.T, actions ...string) {
	t.Helper()
	entries, err := fx.team.Entries(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.Action] = true
	}
	for _, a := range actions {
		if !seen[a] {
			t.Errorf("no audit entry %q", a)
		}
	}
}

func TestABadCheckRequestIsRefusedWithWhereItIsWrong(t *testing.T) {
	writer := user(t, team.Writer)
	id := newCheck(t, writer, "Refunds are issued within 30 days of the purchase.")
	cases := []struct {
		name, method, path string
		body               any
		want               int
	}{
		{"no such check", "GET", checkPath(id+1000, ""), nil, 404},
		{"not a number", "GET", wsPath("/checks/abc"), nil, 400},
		{"check 0", "DELETE", wsPath("/checks/0"), nil, 400},
		{"negative claim", "PUT", checkPath(id, "/claims/-1/feedback"), map[string]any{"vote": "up"}, 400},
		{"claim past the end", "PUT", checkPath(id, "/claims/99/feedback"), map[string]any{"vote": "up"}, 400},
		{"unknown vote", "PUT", checkPath(id, "/claims/0/feedback"), map[string]any{"vote": "sideways"}, 400},
		{"unknown field", "PUT", checkPath(id, "/claims/0/feedback"), map[string]any{"vote": "up", "stars": 5}, 400},
		{"cause without a 👎", "GET", checkPath(id, "/claims/0/cause"), nil, 400},
		{"unknown cause", "PUT", checkPath(id, "/claims/0/cause"), map[string]any{"cause": "gremlins"}, 400},
		{"unknown finding kind", "PUT", checkPath(id, "/dismissal"), map[string]any{"kind": "typo", "index": 0, "reason": "x"}, 400},
		{"unknown format", "GET", checkPath(id, "?format=pdf"), nil, 400},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var body struct {
				Error struct{ Code, Message string } `json:"error"`
			}
			if got := do(t, fx.http.URL, writer, c.method, c.path, c.body, &body); got != c.want || body.Error.Message == "" {
				t.Errorf("%s %s: %d %+v, want %d with a message", c.method, c.path, got, body, c.want)
			}
		})
	}
}
