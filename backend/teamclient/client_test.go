package teamclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestTheTokenNeverFollowsARedirect(t *testing.T) {
	var leaked atomic.Value
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked.Store(r.Header.Get("Authorization"))
		_, _ = w.Write([]byte(`{"workspaces":[{"id":"evil"}]}`))
	}))
	defer other.Close()
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer server.Close()
	c, err := New(server.URL, "ctn_secret")
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Workspace(context.Background(), "")
	if !errors.Is(err, ErrServer) || !strings.Contains(err.Error(), "refused a redirect") {
		t.Fatalf("a redirected call: %v, want a refused redirect", err)
	}
	if v := leaked.Load(); v != nil {
		t.Fatalf("the other origin got a request (Authorization %q)", v)
	}
	if strings.Contains(err.Error(), "ctn_secret") {
		t.Fatal("the error shows the token")
	}
}

func TestServerErrorsKeepTheirCodeAndMessage(t *testing.T) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer ctn_ok" {
			t.Errorf("Authorization %q", r.Header.Get("Authorization"))
		}
		switch r.URL.Path {
		case "/api/v1/workspaces":
			_, _ = w.Write([]byte(`{"workspaces":[{"id":"a"},{"id":"b"}]}`))
		case "/api/v1/workspaces/a/golden-sets/nope":
			w.WriteHeader(404)
			_, _ = w.Write([]byte(`{"error":{"code":"not_found","message":"golden set \"nope\" not found"}}`))
		default:
			w.WriteHeader(502)
			_, _ = w.Write([]byte(`<html>bad gateway</html>`))
		}
	}))
	defer server.Close()
	c, err := New(server.URL+"/", "ctn_ok")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cases := []struct {
		name string
		call func() error
		want string
	}{
		{"two workspaces, none chosen", func() error { _, err := c.Workspace(ctx, ""); return err }, `none of them ""`},
		{"the chosen one", func() error { _, err := c.Workspace(ctx, "b"); return err }, ""},
		{"an API error", func() error { _, _, err := c.GoldenSet(ctx, "a", "nope"); return err }, `404 not_found: golden set "nope" not found`},
		{"not the API", func() error { _, _, err := c.GoldenSet(ctx, "a", "x"); return err }, "HTTP 502"},
	}
	for _, tc := range cases {
		err := tc.call()
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestAddressesAndTokensAreChecked(t *testing.T) {
	for _, c := range []struct{ url, token string }{
		{"ftp://host", "ctn_x"}, {"host:8787", "ctn_x"}, {"http://u:p@host", "ctn_x"}, {"http://host?x=1", "ctn_x"}, {"http://host", ""},
	} {
		if _, err := New(c.url, c.token); !errors.Is(err, ErrServer) {
			t.Errorf("New(%q, %q): %v, want ErrServer", c.url, c.token, err)
		}
	}
}
