package cli

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func TestServeInitAndTeamManageUsersOnTheDataDirsStore(t *testing.T) {
	data := t.TempDir()
	init := run(t, nil, "--data", data, "serve", "--init", "--admin", "ops")
	lines := strings.Split(strings.TrimSpace(init.stdout), "\n")
	if init.code != 0 || !strings.HasPrefix(lines[len(lines)-1], "ctn_") {
		t.Fatalf("serve --init --admin: %d %q %q", init.code, init.stdout, init.stderr)
	}
	if r := run(t, nil, "--data", data, "team", "add", "wes", "--role", "writer", "--workspace", "*"); r.code != 0 || !strings.Contains(r.stdout, "ctn_") {
		t.Fatalf("team add: %d %q %q", r.code, r.stdout, r.stderr)
	}
	if r := run(t, nil, "--data", data, "team", "disable", "wes"); r.code != 0 {
		t.Fatalf("team disable: %d %q", r.code, r.stderr)
	}
	r := run(t, nil, "--data", data, "--json", "team", "list")
	var list struct {
		Users []struct {
			Name       string `json:"name"`
			Role       string `json:"role"`
			DisabledAt string `json:"disabled_at"`
		} `json:"users"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list.Users) != 2 {
		t.Fatalf("team list --json: %v %q", err, r.stdout)
	}
	if list.Users[0].Name != "ops" || list.Users[0].Role != "admin" || list.Users[1].DisabledAt == "" {
		t.Fatalf("users %+v: want ops the admin and wes disabled", list.Users)
	}
	if strings.Contains(r.stdout, lines[len(lines)-1]) {
		t.Fatal("team list shows a token")
	}
}

func TestServeRefusesWhatItCannotUse(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"not a postgres URL", []string{"serve", "--db", "mysql://u@h/db", "--init"}, "postgres://"},
		{"admin without init", []string{"serve", "--admin", "x"}, "--admin goes with --init"},
		{"unknown role", []string{"team", "add", "x", "--role", "owner"}, "role"},
		{"unknown user", []string{"team", "token", "nobody"}, "not found"},
		{"no subcommand", []string{"team"}, "subcommand"},
	}
	for _, c := range cases {
		r := run(t, nil, append([]string{"--data", t.TempDir()}, c.args...)...)
		if r.code != ExitError || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming %q", c.name, r.code, r.stderr, c.want)
		}
	}
}

func TestServeAnswersUntilItIsStopped(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	sample := fstest.MapFS{"content/help/a.md": {Data: []byte("---\nid: a\n---\n# A\n\nRefunds take 30 days.\n")}}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, []string{"--data", t.TempDir(), "serve", "--addr", addr}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, sample, nil)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Fatalf("healthz: %d", resp.StatusCode)
			}
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("serve never answered: %v; stderr %q", err, errb.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve stopped with %d: %q", code, errb.String())
	}
	if !strings.Contains(out.String(), "serving workspace") || !strings.Contains(errb.String(), "no users yet") {
		t.Fatalf("stdout %q stderr %q: want the address and a warning that no user exists", out.String(), errb.String())
	}
}
