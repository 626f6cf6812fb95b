package httpapi_test

import (
	"net/http"
	"testing"

	"continuity/backend/team"
)

func TestAnExpertCreatesRenamesAndDeletesSetsAtTheVersionTheyRead(t *testing.T) {
	ex := user(t, team.Expert)
	status := func(method, path string, body any, out any) int {
		return do(t, fx.http.URL, ex, method, wsPath(path), body, out)
	}
	var created rowsReply
	if got := status("POST", "/golden-sets", map[string]any{"name": "sets-api", "description": "made over HTTP"}, &created); got != http.StatusCreated || created.Set.Version != 1 {
		t.Fatalf("create: %d %+v", got, created)
	}
	var body map[string]any
	if got := status("POST", "/golden-sets", map[string]any{"name": "sets-api"}, &body); got != http.StatusConflict {
		t.Fatalf("create a set that exists: %d %v, want 409", got, body)
	}
	if got := status("POST", "/golden-sets/sets-api/rename", map[string]any{"to": "sets-api-renamed"}, &created); got != 200 {
		t.Fatalf("rename: %d %+v", got, created)
	}
	if got := status("GET", "/golden-sets/sets-api", nil, &body); got != http.StatusNotFound {
		t.Fatalf("the old name after a rename: %d, want 404", got)
	}
	if got := status("POST", "/golden-sets/sets-api-renamed/rename", map[string]any{"to": "sample"}, &body); got != http.StatusConflict {
		t.Fatalf("rename onto another set: %d %v, want 409", got, body)
	}
	status("POST", "/golden-sets/sets-api-renamed/rows", map[string]any{"question": "the first set's question"}, nil) // v2
	if got := status("DELETE", "/golden-sets/sets-api-renamed?base_version=1", nil, &body); got != http.StatusConflict {
		t.Fatalf("delete at an old version: %d %v, want 409", got, body)
	}
	var read setReply
	status("GET", "/golden-sets/sets-api-renamed", nil, &read) // the server now holds v2's rows decoded
	if got := status("DELETE", "/golden-sets/sets-api-renamed?base_version=2", nil, nil); got != http.StatusNoContent {
		t.Fatalf("delete at the current version: %d, want 204", got)
	}
	// a new set of the same name starts again at version 1: its version 2 is not the deleted set's
	status("POST", "/golden-sets", map[string]any{"name": "sets-api-renamed"}, nil)
	status("POST", "/golden-sets/sets-api-renamed/rows", map[string]any{"question": "the new set's question", "approved_answer": "new"}, nil)
	status("GET", "/golden-sets/sets-api-renamed", nil, &read)
	if read.Set.Version != 2 || len(read.Rows) != 1 || read.Rows[0].ApprovedAnswer != "new" {
		t.Fatalf("the re-created set: %+v; want version 2 with only its own row", read)
	}
}

func TestSetWritesAreLocatedAndNeedAnExpert(t *testing.T) {
	expert := user(t, team.Expert)
	refusedWrites(t, []refusedWrite{
		{"a name with spaces around it", "POST", "/golden-sets", map[string]any{"name": " x "}, expert, 400},
		{"no name", "POST", "/golden-sets", map[string]any{}, expert, 400},
		{"an unknown key", "POST", "/golden-sets", map[string]any{"name": "x", "rows": []string{}}, expert, 400},
		{"rename no such set", "POST", "/golden-sets/nope/rename", map[string]any{"to": "nope2"}, expert, 404},
		{"rename to an empty name", "POST", "/golden-sets/sample/rename", map[string]any{"to": ""}, expert, 400},
		{"delete without a base version", "DELETE", "/golden-sets/sample", nil, expert, 400},
		{"delete no such set", "DELETE", "/golden-sets/nope?base_version=1", nil, expert, 404},
		{"a writer creates", "POST", "/golden-sets", map[string]any{"name": "by-writer"}, user(t, team.Writer), 403},
		{"a manager renames", "POST", "/golden-sets/sample/rename", map[string]any{"to": "by-manager"}, user(t, team.Manager), 403},
		{"a manager deletes", "DELETE", "/golden-sets/sample?base_version=1", nil, user(t, team.Manager), 403},
	})
}
