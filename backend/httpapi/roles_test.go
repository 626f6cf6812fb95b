package httpapi_test

import (
	"net/http"
	"testing"

	"continuity/backend/team"
)

func TestEveryRoleGetsWhatItsJobNeedsAndNoMore(t *testing.T) {
	draft := map[string]any{"draft": "Refunds are issued within 30 days of the purchase.", "engine": "offline"}
	newUser := map[string]any{"name": "made-by-api", "role": "writer", "workspaces": []string{"*"}}
	type req struct {
		name, method, path string
		body               any
	}
	reqs := []req{
		{"search", "GET", wsPath("/search?q=refund"), nil},
		{"check", "POST", wsPath("/checks"), draft},
		{"check history", "GET", wsPath("/checks"), nil},
		{"triage", "GET", wsPath("/triage"), nil},
		{"read golden", "GET", wsPath("/golden-sets"), nil},
		{"read a set", "GET", wsPath("/golden-sets/sample"), nil},
		{"read runs", "GET", wsPath("/runs"), nil},
		{"read run records", "GET", wsPath("/run-records"), nil},
		{"read a set's versions", "GET", wsPath("/golden-sets/sample/versions"), nil},
		{"list users", "GET", "/api/v1/users", nil},
		{"add a user", "POST", "/api/v1/users", newUser},
		{"audit log", "GET", "/api/v1/audit-log", nil},
	}
	want := map[team.Role][]int{
		team.Writer:  {200, 201, 200, 200, 403, 403, 403, 403, 403, 403, 403, 403},
		team.Expert:  {200, 201, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403},
		team.Manager: {200, 201, 200, 200, 200, 200, 200, 200, 200, 403, 403, 403},
		team.Admin:   {200, 201, 200, 200, 200, 200, 200, 200, 200, 200, 201, 200},
	}
	for _, role := range team.Roles() {
		t.Run(string(role), func(t *testing.T) {
			token := user(t, role)
			for i, r := range reqs {
				var body map[string]any
				if got := do(t, fx.http.URL, token, r.method, r.path, r.body, &body); got != want[role][i] {
					t.Errorf("%s %s: %d, want %d (%v)", role, r.name, got, want[role][i], body)
				}
			}
		})
	}
}

func TestAGoldenEditNeedsAnExpertOrAdmin(t *testing.T) {
	edit := func(token string) int {
		var set struct {
			Set struct{ Version int } `json:"set"`
		}
		do(t, fx.http.URL, user(t, team.Expert), "GET", wsPath("/golden-sets/sample"), nil, &set)
		body := map[string]any{"base_version": set.Set.Version, "field": "owner", "value": "role test"}
		return do(t, fx.http.URL, token, "PATCH", wsPath("/golden-sets/sample/rows/Q001"), body, nil)
	}
	for _, c := range []struct {
		role team.Role
		want int
	}{{team.Writer, 403}, {team.Manager, 403}, {team.Expert, 200}, {team.Admin, 200}} {
		if got := edit(user(t, c.role)); got != c.want {
			t.Errorf("%s edits a golden row: %d, want %d", c.role, got, c.want)
		}
	}
}

func TestATokenReadsOnlyItsOwnWorkspaces(t *testing.T) {
	other := user(t, team.Expert, "another-workspace")
	for _, path := range []string{wsPath("/golden-sets"), wsPath("/search?q=refund"), wsPath("/runs")} {
		if got := do(t, fx.http.URL, other, "GET", path, nil, nil); got != http.StatusForbidden {
			t.Errorf("a token for another workspace reads %s: %d, want 403", path, got)
		}
	}
	var list struct {
		Workspaces []struct{ ID string } `json:"workspaces"`
	}
	if got := do(t, fx.http.URL, other, "GET", "/api/v1/workspaces", nil, &list); got != 200 || len(list.Workspaces) != 0 {
		t.Errorf("workspaces of a token for another one: %d %+v, want 200 and none", got, list)
	}
	all := user(t, team.Expert, team.AllWorkspaces)
	if got := do(t, fx.http.URL, all, "GET", "/api/v1/workspaces/not-served-here/golden-sets", nil, nil); got != http.StatusNotFound {
		t.Errorf("a workspace this server does not serve: %d, want 404", got)
	}
	if got := do(t, fx.http.URL, all, "GET", "/api/v1/workspaces", nil, &list); got != 200 || len(list.Workspaces) != 1 || list.Workspaces[0].ID != fx.ws {
		t.Errorf("workspaces of a token for all: %d %+v", got, list)
	}
}

func TestNoTokenOrAnUnknownOneIsUnauthorized(t *testing.T) {
	for _, token := range []string{"", "ctn_not-a-token", "not even prefixed"} {
		var body struct {
			Error struct{ Code string } `json:"error"`
		}
		if got := do(t, fx.http.URL, token, "GET", wsPath("/golden-sets"), nil, &body); got != 401 || body.Error.Code != "unauthorized" {
			t.Errorf("token %q: %d %+v, want 401 unauthorized", token, got, body)
		}
	}
}
