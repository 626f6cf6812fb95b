package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"continuity/backend/session"
)

type result struct {
	code           int
	stdout, stderr string
}

func run(t *testing.T, desktop Desktop, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	sample := fstest.MapFS{
		"content/help/a.md": {Data: []byte("---\nid: a\n---\n# A\n")},
		"content/blog/b.md": {Data: []byte("# B\n")},
		"guidelines.md":     {Data: []byte("# Voice\n")},
		"drafts/d.md":       {Data: []byte("# D\n")},
	}
	code := Main(context.Background(), args, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, sample, desktop)
	return result{code, out.String(), errb.String()}
}

func TestExitCodesAndMessages(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	cases := []struct {
		name       string
		args       []string
		wantCode   int
		wantStdout string
		wantStderr string
	}{
		{"version", []string{"version"}, 0, "continuity 0.1.0-dev", ""},
		{"unknown command", []string{"frobnicate"}, 2, "", `continuity: usage: unknown command "frobnicate"`},
		{"bad global flag", []string{"--nope", "version"}, 2, "", "flag provided but not defined"},
		{"bad command flag", []string{"version", "--nope"}, 2, "", "version: flag provided but not defined"},
		{"help lists commands", []string{"help"}, 0, "Commands:", ""},
		{"help for a command", []string{"help", "status"}, 0, "Usage: continuity status", ""},
		{"command -h", []string{"status", "-h"}, 0, "Usage: continuity status", ""},
		{"status counts the sample", []string{"--data", data, "status"}, 0, "documents  2", ""},
		{"headless bare run", nil, 2, "", "headless build"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := run(t, nil, c.args...)
			if r.code != c.wantCode {
				t.Fatalf("exit = %d, want %d (stderr %q)", r.code, c.wantCode, r.stderr)
			}
			if !strings.Contains(r.stdout, c.wantStdout) {
				t.Errorf("stdout = %q, want it to contain %q", r.stdout, c.wantStdout)
			}
			if !strings.Contains(r.stderr, c.wantStderr) {
				t.Errorf("stderr = %q, want it to contain %q", r.stderr, c.wantStderr)
			}
			if c.wantCode == 2 && c.wantStderr != "headless build" && strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
				t.Errorf("error is not one line: %q", r.stderr)
			}
		})
	}
}

func TestJSONFlagAnywhereGivesOnlyJSONOnStdout(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	for _, args := range [][]string{{"--json", "--data", data, "status"}, {"status", "--data", data, "--json"}} {
		r := run(t, nil, args...)
		var v statusJSON
		if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
			t.Fatalf("%v: stdout is not JSON: %v\n%s", args, err, r.stdout)
		}
		if v.Documents != 2 || v.Engine != "offline" || len(v.Drafts) != 1 {
			t.Fatalf("%v: got %+v", args, v)
		}
	}
}

func TestCorpusFlagWinsOverSample(t *testing.T) {
	t.Parallel()
	corpus := t.TempDir()
	for _, f := range []string{"x.md", "y.md", "z.txt"} {
		if err := os.WriteFile(filepath.Join(corpus, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, nil, "--data", t.TempDir(), "--corpus", corpus, "status", "--json")
	var v statusJSON
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || v.Documents != 3 {
		t.Fatalf("got %+v, %v (stderr %s)", v, err, r.stderr)
	}
}

func TestBareRunOpensDesktopWhenAvailable(t *testing.T) {
	t.Parallel()
	called := false
	var got *session.Session
	r := run(t, func(_ context.Context, s *session.Session, _ *slog.Logger) error { called, got = true, s; return nil }, "--data", t.TempDir())
	if r.code != 0 || !called || got == nil {
		t.Fatalf("exit %d, desktop called %v", r.code, called)
	}
}

func TestInterspersedFlags(t *testing.T) {
	t.Parallel()
	c := &Command{Name: "x"}
	var k int
	c.Flags = func(fs *flag.FlagSet) RunFunc { fs.IntVar(&k, "k", 1, ""); return nil }
	fs, _ := commandFlagSet(c, new(globals))
	pos, err := parseInterspersed(fs, []string{"refund", "--k", "5", "window", "--", "--literal"})
	if err != nil || k != 5 || strings.Join(pos, " ") != "refund window --literal" {
		t.Fatalf("pos=%v k=%d err=%v", pos, k, err)
	}
}
