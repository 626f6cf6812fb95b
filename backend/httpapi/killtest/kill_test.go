// Package killtest kills a real `continuity serve` process with SIGKILL in
// the middle of 100 concurrent writes and checks, after a restart, that
// every write the server acknowledged is there and none is half-written.
package killtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/cli"
)

// childEnv carries the serve command line to the re-executed test binary.
const childEnv = "CONTINUITY_KILLTEST_SERVE"

func TestMain(m *testing.M) {
	if args := os.Getenv(childEnv); args != "" {
		var argv []string
		if err := json.Unmarshal([]byte(args), &argv); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(cli.Main(context.Background(), argv, cli.IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, nil, nil))
	}
	os.Exit(m.Run())
}

// server is one `continuity serve` child process.
type server struct {
	cmd  *exec.Cmd
	base string
	log  *bytes.Buffer
	done chan error
}

// startServer runs `continuity GLOBALS serve --addr … SERVEFLAGS`.
func startServer(t *testing.T, globals []string, serveFlags ...string) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	argv := append(append(append([]string{}, globals...), "serve", "--addr", addr), serveFlags...)
	raw, _ := json.Marshal(argv)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+string(raw))
	log := &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{cmd: cmd, base: "http://" + addr, log: log, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(s.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
		select {
		case werr := <-s.done:
			t.Fatalf("serve exited (%v) before answering:\n%s", werr, log)
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			t.Fatalf("serve never answered: %v\n%s", err, log)
		}
	}
}

func (s *server) kill9(t *testing.T) {
	t.Helper()
	if s.cmd.ProcessState != nil {
		return
	}
	_ = s.cmd.Process.Kill() // SIGKILL: no shutdown code runs
	if err := <-s.done; err == nil {
		t.Log("serve exited on its own before the kill")
	}
	s.done <- nil // a second kill9 (a deferred one) returns at once
}

// call sends one request; code 0 means no answer reached the client.
func call(base, token, method, path string, body any, out any) int {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, base+path, rd)
	if err != nil {
		return 0
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0 // the answer was cut: not an acknowledgement
	}
	if out != nil {
		_ = json.Unmarshal(raw, out)
	}
	return resp.StatusCode
}

func sampleCopy(t *testing.T, dir string) string {
	t.Helper()
	ws := filepath.Join(dir, "workspace")
	if err := os.CopyFS(ws, os.DirFS("../../../corpus")); err != nil {
		t.Fatal(err)
	}
	return ws
}

func runID(i int) string { return fmt.Sprintf("killtest-%03d", i) }

func isRun(id string) bool { return strings.HasPrefix(id, "killtest-") }

// patient is call that waits out the rate limit, for the checks after the restart.
func patient(base, token, method, path string, body, out any) int {
	for {
		code := call(base, token, method, path, body, out)
		if code != 429 {
			return code
		}
		time.Sleep(time.Second)
	}
}
