package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"continuity/backend/httpapi"
	"continuity/backend/session"
	"continuity/backend/session/sessiontest"
	"continuity/backend/store/pg"
	"continuity/backend/store/pg/pgtest"
	"continuity/backend/team"
)

const sampleCorpus = "../../corpus"

// fx is one server for the package: a session on a copy of the sample
// workspace (index built, sample golden set imported) and a team store on
// a real PostgreSQL. Tests name their users uniquely, so they share it.
var fx struct {
	dir  string
	pg   *pgtest.Server
	sess *session.Session
	team *team.Store
	srv  *httpapi.Server
	http *httptest.Server
	ws   string
}

func TestMain(m *testing.M) {
	code, err := runWithFixture(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fixture:", err)
		code = 1
	}
	os.Exit(code)
}

func runWithFixture(m *testing.M) (int, error) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "httpapi-test-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(dir)
	if fx.pg, err = pgtest.Start(ctx); err != nil {
		return 1, err
	}
	defer fx.pg.Stop()
	url, err := fx.pg.NewDatabase(ctx)
	if err != nil {
		return 1, err
	}
	db, err := pg.Open(ctx, url, 10*time.Second)
	if err != nil {
		return 1, err
	}
	defer db.Close()
	if fx.team, err = team.Open(ctx, db, team.Postgres); err != nil {
		return 1, err
	}
	ws := filepath.Join(dir, "workspace")
	if err := os.CopyFS(ws, os.DirFS(sampleCorpus)); err != nil {
		return 1, err
	}
	if fx.sess, err = session.Open(ctx, session.Options{DataDir: filepath.Join(dir, "data"), CorpusFlag: ws}); err != nil {
		return 1, err
	}
	defer fx.sess.Close()
	if _, err := sessiontest.ImportGolden(ctx, fx.sess, "sample"); err != nil {
		return 1, err
	}
	if fx.ws, err = fx.sess.WorkspaceID(ctx); err != nil {
		return 1, err
	}
	// as `continuity serve` does
	stopWatch, err := fx.sess.WatchContent(ctx)
	if err != nil {
		return 1, err
	}
	defer stopWatch()
	if fx.srv, err = httpapi.New(fx.sess, fx.team, httpapi.Options{Version: "test"}); err != nil {
		return 1, err
	}
	fx.http = httptest.NewServer(fx.srv.Handler())
	defer fx.http.Close()
	return m.Run(), nil
}

// user adds a user with a name of the test's own and returns their token.
func user(t testing.TB, role team.Role, workspaces ...string) string {
	t.Helper()
	if len(workspaces) == 0 {
		workspaces = []string{fx.ws}
	}
	name := fmt.Sprintf("%s-%s-%d", role, t.Name(), time.Now().UnixNano())
	name = filepath.Base(name) // subtests put a slash in the name
	if len(name) > 60 {
		name = name[len(name)-60:]
	}
	_, token, err := fx.team.AddUser(context.Background(), sanitize(name), role, workspaces)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_'
		if !ok || (i == 0 && (c == '-' || c == '.' || c == '_')) {
			b[i] = 'x'
		}
	}
	return string(b)
}

// do sends one request and decodes a JSON answer into out (when not nil).
func do(t testing.TB, base, token, method, path string, body any, out any) int {
	t.Helper()
	var rd io.Reader
	if body != nil {
		raw, ok := body.([]byte)
		if !ok {
			var err error
			if raw, err = json.Marshal(body); err != nil {
				t.Fatal(err)
			}
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, raw, err)
		}
	}
	return resp.StatusCode
}

func wsPath(rest string) string { return "/api/v1/workspaces/" + fx.ws + rest }
