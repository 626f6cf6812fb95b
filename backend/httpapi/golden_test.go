package httpapi_test

import (
	"net/http"
	"strconv"
	"testing"

	"continuity/backend/team"
)

type setReply struct {
	Set struct {
		Version int `json:"version"`
	} `json:"set"`
	Rows []struct {
		ID             string `json:"id"`
		ApprovedAnswer string `json:"approved_answer"`
	} `json:"rows"`
}

func TestAnEditOfAnOldVersionIsRefusedWithBothVersions(t *testing.T) {
	ana, bo := user(t, team.Expert), user(t, team.Expert)
	var before setReply
	if got := do(t, fx.http.URL, ana, "GET", wsPath("/golden-sets/sample"), nil, &before); got != 200 || len(before.Rows) == 0 {
		t.Fatalf("read the set: %d, %d rows", got, len(before.Rows))
	}
	row := before.Rows[1].ID
	base := before.Set.Version
	path := wsPath("/golden-sets/sample/rows/" + row)
	var saved setReply
	if got := do(t, fx.http.URL, ana, "PATCH", path, map[string]any{"base_version": base, "field": "approved_answer", "value": "Ana's answer"}, &saved); got != 200 || saved.Set.Version != base+1 {
		t.Fatalf("first edit: %d, version %d, want 200 and %d", got, saved.Set.Version, base+1)
	}
	var refused struct {
		Error struct {
			Code           string `json:"code"`
			CurrentVersion int    `json:"current_version"`
			CurrentRow     struct {
				ApprovedAnswer string `json:"approved_answer"`
			} `json:"current_row"`
			Yours struct {
				BaseVersion int    `json:"base_version"`
				Value       string `json:"value"`
			} `json:"yours"`
		} `json:"error"`
	}
	got := do(t, fx.http.URL, bo, "PATCH", path, map[string]any{"base_version": base, "field": "approved_answer", "value": "Bo's answer"}, &refused)
	e := refused.Error
	if got != http.StatusConflict || e.Code != "conflict" || e.CurrentVersion != base+1 || e.CurrentRow.ApprovedAnswer != "Ana's answer" ||
		e.Yours.Value != "Bo's answer" || e.Yours.BaseVersion != base {
		t.Fatalf("edit of version %d after another: %d %+v, want 409 with both versions", base, got, e)
	}
	var after setReply
	do(t, fx.http.URL, ana, "GET", wsPath("/golden-sets/sample"), nil, &after)
	if after.Set.Version != base+1 || after.Rows[1].ApprovedAnswer != "Ana's answer" {
		t.Fatalf("after the refused edit: version %d, answer %q; nothing may have changed", after.Set.Version, after.Rows[1].ApprovedAnswer)
	}
	var log struct {
		Entries []struct {
			Action   string `json:"action"`
			Target   string `json:"target"`
			BeforeID string `json:"before_id"`
			AfterID  string `json:"after_id"`
		} `json:"entries"`
	}
	do(t, fx.http.URL, user(t, team.Admin), "GET", "/api/v1/audit-log?limit=50", nil, &log)
	found := 0
	for _, en := range log.Entries {
		if en.Action == "golden.edit" && en.Target == "sample/"+row && en.AfterID == version(base+1) {
			found++
			if en.BeforeID != version(base) {
				t.Errorf("audit entry %+v: before should be %s", en, version(base))
			}
		}
	}
	if found != 1 {
		t.Fatalf("audit log holds %d entries for the edit, want 1: %+v", found, log.Entries)
	}
}

func version(n int) string { return "v" + strconv.Itoa(n) }

func TestBadEditsAreLocated(t *testing.T) {
	tok := user(t, team.Expert)
	cases := []struct {
		name, path string
		body       any
		want       int
	}{
		{"unknown field", "/golden-sets/sample/rows/Q001", map[string]any{"base_version": 1, "field": "colour", "value": "x"}, 400},
		{"id is assigned", "/golden-sets/sample/rows/Q001", map[string]any{"base_version": 1, "field": "id", "value": "Q9"}, 400},
		{"no base version", "/golden-sets/sample/rows/Q001", map[string]any{"field": "owner", "value": "x"}, 400},
		{"unknown key", "/golden-sets/sample/rows/Q001", map[string]any{"base_version": 1, "field": "owner", "value": "x", "force": true}, 400},
		{"not JSON", "/golden-sets/sample/rows/Q001", []byte("{base_version: 1"), 400},
		{"two objects", "/golden-sets/sample/rows/Q001", []byte(`{"base_version":1,"field":"owner","value":"x"} {}`), 400},
		{"no such set", "/golden-sets/nope/rows/Q001", map[string]any{"base_version": 1, "field": "owner", "value": "x"}, 404},
	}
	for _, c := range cases {
		var body map[string]any
		if got := do(t, fx.http.URL, tok, "PATCH", wsPath(c.path), c.body, &body); got != c.want || body["error"] == nil {
			t.Errorf("%s: %d %v, want %d with an error", c.name, got, body, c.want)
		}
	}
}
