package httpapi_test

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/team"
)

// ownSet makes a set of its own for a test that adds and deletes rows, so
// the shared sample set keeps its rows for the other tests.
func ownSet(t *testing.T, name string, questions ...string) int {
	t.Helper()
	ctx := context.Background()
	repo, err := golden.NewRepo(ctx, fx.sess.DB, fx.ws)
	if err != nil {
		t.Fatal(err)
	}
	set, err := repo.Create(ctx, name, "", "test")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range questions {
		if _, set, err = repo.AddRow(ctx, name, golden.Row{Question: q, Category: golden.Routine}, "test"); err != nil {
			t.Fatal(err)
		}
	}
	return set.Version
}

type rowsReply struct {
	Set struct {
		Version int `json:"version"`
	} `json:"set"`
	Row struct {
		ID       string `json:"id"`
		Question string `json:"question"`
		Category string `json:"category"`
	} `json:"row"`
	Error struct {
		Code           string `json:"code"`
		CurrentVersion int    `json:"current_version"`
		CurrentRow     struct {
			ID string `json:"id"`
		} `json:"current_row"`
	} `json:"error"`
}

func TestAnExpertAddsDeletesAndRestoresRowsAtTheVersionTheyRead(t *testing.T) {
	ana, bo := user(t, team.Expert), user(t, team.Expert)
	v := ownSet(t, "rows-api", "How long is the trial?")
	base := func(n int) string { return "?base_version=" + strconv.Itoa(n) }

	var added rowsReply
	if got := do(t, fx.http.URL, ana, "POST", wsPath("/golden-sets/rows-api/rows"), map[string]any{"question": "Who approves refunds?"}, &added); got != http.StatusCreated ||
		added.Row.ID != "Q002" || added.Row.Category != "routine" || added.Set.Version != v+1 {
		t.Fatalf("add: %d %+v, want 201, Q002 (routine) at version %d", got, added, v+1)
	}
	// Bo read version v+1 and deletes Q001; Ana meanwhile deleted Q002: Bo's delete is refused.
	var deleted rowsReply
	if got := do(t, fx.http.URL, ana, "DELETE", wsPath("/golden-sets/rows-api/rows/Q002"+base(v+1)), nil, &deleted); got != 200 || deleted.Set.Version != v+2 {
		t.Fatalf("delete at the current version: %d %+v", got, deleted)
	}
	var refused rowsReply
	if got := do(t, fx.http.URL, bo, "DELETE", wsPath("/golden-sets/rows-api/rows/Q001"+base(v+1)), nil, &refused); got != http.StatusConflict ||
		refused.Error.Code != "conflict" || refused.Error.CurrentVersion != v+2 || refused.Error.CurrentRow.ID != "Q001" {
		t.Fatalf("delete at an old version: %d %+v, want 409 naming version %d and the row", got, refused, v+2)
	}
	// Restoring the version with both rows, at an old version, is refused; at the current one it saves.
	if got := do(t, fx.http.URL, bo, "POST", wsPath("/golden-sets/rows-api/restore"), map[string]any{"base_version": v + 1, "version": v + 1}, &refused); got != http.StatusConflict {
		t.Fatalf("restore at an old version: %d %+v, want 409", got, refused)
	}
	var restored rowsReply
	if got := do(t, fx.http.URL, bo, "POST", wsPath("/golden-sets/rows-api/restore"), map[string]any{"base_version": v + 2, "version": v + 1}, &restored); got != 200 || restored.Set.Version != v+3 {
		t.Fatalf("restore at the current version: %d %+v", got, restored)
	}
	var after setReply
	do(t, fx.http.URL, ana, "GET", wsPath("/golden-sets/rows-api"), nil, &after)
	if after.Set.Version != v+3 || len(after.Rows) != 2 || after.Rows[0].ID != "Q001" || after.Rows[1].ID != "Q002" {
		t.Fatalf("after the restore: %+v, want version %d with Q001 and Q002", after, v+3)
	}

	var log struct {
		Entries []struct {
			Action, Target string
			BeforeID       string `json:"before_id"`
			AfterID        string `json:"after_id"`
		} `json:"entries"`
	}
	do(t, fx.http.URL, user(t, team.Admin), "GET", "/api/v1/audit-log?limit=200", nil, &log)
	want := map[string]string{"golden.add_row": "rows-api/Q002", "golden.delete_row": "rows-api/Q002", "golden.restore": "rows-api@" + version(v+1)}
	for _, e := range log.Entries {
		if want[e.Action] == e.Target {
			delete(want, e.Action)
		}
	}
	if len(want) != 0 {
		t.Fatalf("audit log lacks %v", want)
	}
}

func TestRowWritesAreLocatedAndNeedAnExpert(t *testing.T) {
	v := ownSet(t, "rows-bad", "Q?")
	expert := user(t, team.Expert)
	refusedWrites(t, []refusedWrite{
		{"unknown category", "POST", "/golden-sets/rows-bad/rows", map[string]any{"category": "easy"}, expert, 400},
		{"an ID is assigned", "POST", "/golden-sets/rows-bad/rows", map[string]any{"id": "Q9"}, expert, 400},
		{"add to no such set", "POST", "/golden-sets/nope/rows", map[string]any{}, expert, 404},
		{"delete without a base version", "DELETE", "/golden-sets/rows-bad/rows/Q001", nil, expert, 400},
		{"delete no such row", "DELETE", "/golden-sets/rows-bad/rows/Q404?base_version=" + strconv.Itoa(v), nil, expert, 404},
		{"restore version 0", "POST", "/golden-sets/rows-bad/restore", map[string]any{"base_version": v, "version": 0}, expert, 400},
		{"restore no such version", "POST", "/golden-sets/rows-bad/restore", map[string]any{"base_version": v, "version": 99}, expert, 404},
		{"a writer adds", "POST", "/golden-sets/rows-bad/rows", map[string]any{}, user(t, team.Writer), 403},
		{"a manager deletes", "DELETE", "/golden-sets/rows-bad/rows/Q001?base_version=" + strconv.Itoa(v), nil, user(t, team.Manager), 403},
		{"a writer restores", "POST", "/golden-sets/rows-bad/restore", map[string]any{"base_version": v, "version": 1}, user(t, team.Writer), 403},
	})
	var set setReply
	do(t, fx.http.URL, expert, "GET", wsPath("/golden-sets/rows-bad"), nil, &set)
	if set.Set.Version != v || len(set.Rows) != 1 {
		t.Fatalf("after refused writes: version %d, %d rows; want %d and 1", set.Set.Version, len(set.Rows), v)
	}
}

// refusedWrite is a write the server must refuse with a located error.
type refusedWrite struct {
	name, method, path string
	body               any
	token              string
	want               int
}

func refusedWrites(t *testing.T, cases []refusedWrite) {
	t.Helper()
	for _, c := range cases {
		var body map[string]any
		if got := do(t, fx.http.URL, c.token, c.method, wsPath(c.path), c.body, &body); got != c.want || body["error"] == nil {
			t.Errorf("%s: %d %v, want %d with an error", c.name, got, body, c.want)
		}
	}
}
