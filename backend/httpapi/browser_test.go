package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"continuity/backend/httpapi"
	"continuity/backend/team"
)

// browserServer is the package's server with a web UI of two files.
func browserServer(t *testing.T) *httptest.Server {
	t.Helper()
	ui := fstest.MapFS{
		"index.html":    {Data: []byte("<!doctype html><html><head><title>Continuity</title></head><body></body></html>")},
		"assets/app.js": {Data: []byte("console.log('app')")},
	}
	srv, err := httpapi.New(fx.sess, fx.team, httpapi.Options{Version: "test", UI: ui})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return hs
}

type browser struct {
	t      *testing.T
	base   string
	cookie string // the session cookie's value
	csrf   string
}

// send is one request as a browser makes it: the session cookie, and the
// CSRF header and Origin when given.
func (b *browser) send(method, path string, body any, csrf, origin string) (int, []byte, http.Header) {
	b.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, b.base+path, rd)
	if b.cookie != "" {
		req.AddCookie(&http.Cookie{Name: "ctn_session", Value: b.cookie})
	}
	if csrf != "" {
		req.Header.Set("X-CSRF-Token", csrf)
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, raw, resp.Header
}

func signIn(t *testing.T, base, token string) *browser {
	t.Helper()
	b := &browser{t: t, base: base}
	code, raw, h := b.send("POST", "/api/v1/session", map[string]string{"token": token}, "", "")
	if code != http.StatusCreated {
		t.Fatalf("sign in: %d %s", code, raw)
	}
	if strings.Contains(string(raw), token) {
		t.Fatalf("the sign-in answer repeats the token: %s", raw)
	}
	set := h.Get("Set-Cookie")
	for _, want := range []string{"ctn_session=", "HttpOnly", "Secure", "SameSite=Strict", "Path=/"} {
		if !strings.Contains(set, want) {
			t.Fatalf("session cookie %q lacks %s", set, want)
		}
	}
	b.cookie = strings.TrimPrefix(strings.SplitN(set, ";", 2)[0], "ctn_session=")
	var se struct {
		CSRF string `json:"csrf"`
		User struct {
			Role string `json:"role"`
		} `json:"user"`
	}
	if err := json.Unmarshal(raw, &se); err != nil || se.CSRF == "" || b.cookie == "" || se.CSRF == b.cookie {
		t.Fatalf("session %s: want a cookie and a separate CSRF token (%v)", raw, err)
	}
	b.csrf = se.CSRF
	return b
}

func TestABrowserWritesOnlyWithItsSessionsCSRFTokenFromItsOwnOrigin(t *testing.T) {
	hs := browserServer(t)
	if code, _, _ := (&browser{t: t, base: hs.URL}).send("POST", "/api/v1/session", map[string]string{"token": "ctn_nope"}, "", ""); code != http.StatusUnauthorized {
		t.Fatalf("sign in with an unknown token: %d, want 401", code)
	}
	b := signIn(t, hs.URL, user(t, team.Expert))
	var set setReply
	code, raw, _ := b.send("GET", wsPath("/golden-sets/sample?validate=1"), nil, "", "")
	if code != http.StatusOK || json.Unmarshal(raw, &set) != nil || len(set.Rows) == 0 || !strings.Contains(string(raw), `"issues"`) {
		t.Fatalf("a read with the cookie: %d %.200s", code, raw)
	}
	path := wsPath("/golden-sets/sample/rows/" + set.Rows[0].ID)
	edit := map[string]any{"base_version": set.Set.Version, "field": "notes", "value": "edited in the browser"}
	cases := []struct {
		name, csrf, origin string
		want               int
	}{
		{"no CSRF header", "", "", http.StatusForbidden},
		{"another session's CSRF", "x" + b.csrf[1:], "", http.StatusForbidden},
		{"another site's page", b.csrf, "https://evil.example", http.StatusForbidden},
		{"its own page", b.csrf, hs.URL, http.StatusOK},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, raw, _ := b.send("PATCH", path, edit, tc.csrf, tc.origin)
			if code != tc.want {
				t.Fatalf("PATCH: %d %s, want %d", code, raw, tc.want)
			}
			if tc.want == http.StatusForbidden && !strings.Contains(string(raw), `"csrf"`) {
				t.Fatalf("refusal %s does not say csrf", raw)
			}
		})
	}
	code, raw, _ = b.send("GET", "/api/v1/session", nil, "", "")
	if code != http.StatusOK || !strings.Contains(string(raw), b.csrf) {
		t.Fatalf("a reloaded page's session: %d %s", code, raw)
	}
	if code, raw, _ := b.send("DELETE", "/api/v1/session", nil, b.csrf, ""); code != http.StatusNoContent {
		t.Fatalf("sign out: %d %s", code, raw)
	}
	if code, _, _ := b.send("GET", "/api/v1/me", nil, "", ""); code != http.StatusUnauthorized {
		t.Fatalf("after sign-out the cookie still works: %d", code)
	}
}

func TestAWritersBrowserSessionCannotEditAGoldenSet(t *testing.T) {
	hs := browserServer(t)
	b := signIn(t, hs.URL, user(t, team.Writer))
	code, raw, _ := b.send("PATCH", wsPath("/golden-sets/sample/rows/x"), map[string]any{"base_version": 1, "field": "notes", "value": "x"}, b.csrf, hs.URL)
	if code != http.StatusForbidden || !strings.Contains(string(raw), "forbidden") {
		t.Fatalf("a writer's edit: %d %s, want 403 forbidden", code, raw)
	}
}

func TestTheWebUIIsServedWithItsOwnPolicy(t *testing.T) {
	hs := browserServer(t)
	b := &browser{t: t, base: hs.URL}
	cases := []struct {
		name, path string
		want       int
		body       string
	}{
		{"the app's page", "/", 200, `<meta name="continuity-transport" content="http" />`},
		{"a view's address opens the app", "/golden/sample", 200, `continuity-transport`},
		{"an asset", "/assets/app.js", 200, "console.log"},
		{"an unknown API path is no page", "/api/v1/nope", 404, `"not_found"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, raw, h := b.send("GET", tc.path, nil, "", "")
			if code != tc.want || !strings.Contains(string(raw), tc.body) {
				t.Fatalf("GET %s: %d %.200s, want %d with %q", tc.path, code, raw, tc.want, tc.body)
			}
			if tc.want == 200 && (!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY") {
				t.Fatalf("GET %s: headers %v lack the page policy", tc.path, h)
			}
		})
	}
}
