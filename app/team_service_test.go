package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"continuity/backend/httpapi"
	"continuity/backend/session"
	"continuity/backend/session/sessiontest"
	"continuity/backend/team"
	"continuity/backend/teamclient"
)

// teamServer is a real `continuity serve` over a copy of the sample
// workspace (index built, sample set imported), its team store on the
// session's SQLite; it returns the address and a token per role.
func teamServer(t *testing.T) (string, map[team.Role]string) {
	t.Helper()
	ctx := context.Background()
	ws := filepath.Join(t.TempDir(), "ws")
	if err := os.CopyFS(ws, os.DirFS("../corpus")); err != nil {
		t.Fatal(err)
	}
	sess, err := session.Open(ctx, session.Options{DataDir: t.TempDir(), CorpusFlag: ws})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	if _, err := sessiontest.ImportGolden(ctx, sess, "sample"); err != nil {
		t.Fatal(err)
	}
	ts, err := team.Open(ctx, sess.DB.Writer(), team.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	tokens := map[team.Role]string{}
	for _, r := range team.Roles() {
		if _, tokens[r], err = ts.AddUser(ctx, "user-"+string(r), r, []string{"*"}); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := httpapi.New(sess, ts, httpapi.Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return hs.URL, tokens
}

// mockKeyring gives the test an empty keyring of its own and an empty one
// again after it: go-keyring's mock is process-wide, so a team server a
// test connected to must not follow the next test.
func mockKeyring(t *testing.T) {
	keyring.MockInit()
	t.Cleanup(keyring.MockInit)
}

func post(t *testing.T, url, token, method string, body any) int {
	t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, url, bytes.NewReader(raw))
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestADesktopOnATeamServerShowsItsSetsRefusesStaleEditsAndSeesCIsRunAtOnce(t *testing.T) {
	url, tokens := teamServer(t)
	rec := &recorder{}
	mockKeyring(t)
	d := desktop(t, rec, checkWorkspace(t))
	if st := d.Team.Status(); st.Connected {
		t.Fatalf("a new desktop follows %+v; it should be local", st)
	}
	if _, err := d.Team.Connect(url, "ctn_wrong"); err == nil {
		t.Fatal("a bad token connected")
	}
	st, err := d.Team.Connect(url, tokens[team.Expert])
	if err != nil || !st.Connected || st.Role != "expert" || st.Workspace == "" {
		t.Fatalf("connect: %+v %v", st, err)
	}
	sets, err := d.Golden.ListSets()
	if err != nil || len(sets) != 1 || sets[0].Name != "sample" {
		t.Fatalf("the server's sets: %+v %v", sets, err)
	}
	view, err := d.Golden.GetSet("sample")
	if err != nil || len(view.Rows) == 0 {
		t.Fatalf("the server's set: %d rows, %v", len(view.Rows), err)
	}
	// someone else saves a version after the desktop read the set
	row := view.Rows[0].ID
	edit := map[string]any{"base_version": view.Set.Version, "field": "notes", "value": "from the browser"}
	if code := post(t, url+"/api/v1/workspaces/"+st.Workspace+"/golden-sets/sample/rows/"+row, tokens[team.Admin], "PATCH", edit); code != 200 {
		t.Fatalf("the other edit: %d", code)
	}
	_, err = d.Golden.UpdateCell("sample", row, "notes", "from the desktop")
	if !errors.Is(err, teamclient.ErrConflict) || !strings.Contains(err.Error(), "from the browser") || !strings.Contains(err.Error(), "from the desktop") {
		t.Fatalf("a stale edit from the desktop: %v, want a conflict naming both values", err)
	}
	// rows are added, deleted and restored on the server, each based on the version the grid showed
	added, err := d.Golden.AddRow("sample")
	if err != nil || len(added.Rows) != len(view.Rows)+1 {
		t.Fatalf("add a row on the team server: %d rows, %v; want %d", len(added.Rows), err, len(view.Rows)+1)
	}
	newRow := added.Rows[len(added.Rows)-1].ID
	edit["base_version"], edit["value"] = added.Set.Version, "again from the browser"
	if code := post(t, url+"/api/v1/workspaces/"+st.Workspace+"/golden-sets/sample/rows/"+row, tokens[team.Admin], "PATCH", edit); code != 200 {
		t.Fatalf("the other edit: %d", code)
	}
	if _, err := d.Golden.DeleteRow("sample", newRow); !errors.Is(err, teamclient.ErrConflict) || !strings.Contains(err.Error(), "deleting "+newRow) {
		t.Fatalf("a stale delete from the desktop: %v, want a conflict naming it", err)
	}
	if _, err := d.Golden.GetSet("sample"); err != nil {
		t.Fatal(err)
	}
	deleted, err := d.Golden.DeleteRow("sample", newRow)
	if err != nil || len(deleted.Rows) != len(view.Rows) {
		t.Fatalf("delete after reading the set again: %d rows, %v", len(deleted.Rows), err)
	}
	restored, err := d.Golden.Restore("sample", added.Set.Version)
	if err != nil || len(restored.Rows) != len(added.Rows) || restored.Set.Version != deleted.Set.Version+1 {
		t.Fatalf("restore version %d: %d rows at version %d, %v", added.Set.Version, len(restored.Rows), restored.Set.Version, err)
	}
	// and sets are created, renamed and deleted there
	if _, err := d.Golden.CreateSet("from-desktop", "made while connected"); err != nil {
		t.Fatalf("create a set on the team server: %v", err)
	}
	if v, err := d.Golden.RenameSet("from-desktop", "from-desktop-2"); err != nil || v.Set.Name != "from-desktop-2" {
		t.Fatalf("rename on the team server: %+v %v", v.Set, err)
	}
	if err := d.Golden.DeleteSet("from-desktop-2"); err != nil {
		t.Fatalf("delete on the team server: %v", err)
	}
	if sets, err := d.Golden.ListSets(); err != nil || len(sets) != 1 {
		t.Fatalf("the server's sets after: %+v %v, want sample only", sets, err)
	}

	// the manager's desktop
	if st, err = d.Team.Connect(url, tokens[team.Manager]); err != nil || st.Role != "manager" {
		t.Fatalf("connect as the manager: %+v %v", st, err)
	}
	runs, err := d.Eval.ListRuns("sample")
	if err != nil || len(runs) != 0 {
		t.Fatalf("runs before CI: %+v %v", runs, err)
	}
	for d.Team.c.link.streams.Load() == 0 { // the manager's event stream opens in the background
		time.Sleep(5 * time.Millisecond)
	}
	runID := "ci-" + time.Now().UTC().Format("20060102T150405")
	upload := map[string]any{
		"run": map[string]any{"run_id": runID, "status": "done", "golden_set": "sample", "engine": "offline", "golden_version": "2",
			"started_at": "2026-12-01T10:00:00Z", "finished_at": "2026-12-01T10:01:00Z", "questions": 1},
		"results": []map[string]any{{"run_id": runID, "id": row, "category": "routine", "question": "q", "answer": "a", "scores": map[string]any{}}},
	}
	sent := time.Now()
	if code := post(t, url+"/api/v1/workspaces/"+st.Workspace+"/runs", tokens[team.Manager], "POST", upload); code != 201 {
		t.Fatalf("CI's run: %d", code)
	}
	for !rec.has(ChannelRunsRecorded, runID) {
		if time.Since(sent) > 2*time.Second {
			t.Fatalf("no %s event for %s within 2 s", ChannelRunsRecorded, runID)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("CI's run reached the desktop %s after it was recorded", time.Since(sent).Round(time.Millisecond))
	card, err := d.Eval.GetScorecard(runID, "pinned")
	if err != nil || card.Run.ID != runID || len(card.Trend) != 1 {
		t.Fatalf("CI's scorecard on the desktop: %+v %v", card.Run, err)
	}
	if _, err := d.Team.Disconnect(); err != nil {
		t.Fatal(err)
	}
	if sets, err := d.Golden.ListSets(); err != nil || len(sets) != 0 {
		t.Fatalf("after disconnecting: %+v %v, want this machine's (none)", sets, err)
	}
}

func TestAWritersDesktopOnATeamServerIsRefusedGoldenSets(t *testing.T) {
	url, tokens := teamServer(t)
	mockKeyring(t)
	d := desktop(t, &recorder{}, checkWorkspace(t))
	if _, err := d.Team.Connect(url, tokens[team.Writer]); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Golden.ListSets(); err == nil || !strings.Contains(err.Error(), "a writer may not read golden sets") {
		t.Fatalf("a writer's golden sets: %v", err)
	}
}

func TestARunStartedOnATeamServersDesktopIsOfTheServersSetAndRecordedThere(t *testing.T) {
	url, tokens := teamServer(t)
	rec := &recorder{}
	mockKeyring(t)
	d := desktop(t, rec, checkWorkspace(t))
	if _, err := d.Team.Connect(url, tokens[team.Admin]); err != nil {
		t.Fatal(err)
	}
	est, err := d.Eval.Estimate("sample", "offline", 1)
	if err != nil || est.Questions == 0 {
		t.Fatalf("estimate of the server's set: %+v %v", est, err)
	}
	job, err := d.Eval.StartRun("sample", "offline", 1, EvalTargetDTO{Kind: "builtin", Judge: "none"})
	if err != nil {
		t.Fatal(err)
	}
	var runID string
	deadline := time.Now().Add(2 * time.Minute)
	for runID == "" {
		for _, e := range rec.done() {
			if e.JobID == job {
				if !e.OK {
					t.Fatalf("the run job failed: %s", e.Error)
				}
				runID, _ = e.Result.(string)
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the run did not finish")
		}
		time.Sleep(20 * time.Millisecond)
	}
	runs, err := d.Eval.ListRuns("sample")
	if err != nil || len(runs) != 1 || runs[0].ID != runID || runs[0].GoldenVersion != "1" {
		t.Fatalf("the server's runs after a desktop run: %+v %v, want %s of the server's version 1", runs, err, runID)
	}
}
