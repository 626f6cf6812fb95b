package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/session"
)

// lockedBuffer is stderr shared by the serving goroutine and the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestMCPCommandServesTheCheckJSONOnStdio runs `continuity mcp` over
// in-process pipes with the SDK's client and compares check_draft with
// `continuity check --json` on the same draft: one contract, two faces.
func TestMCPCommandServesTheCheckJSONOnStdio(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	draftPath := filepath.Join(sampleCorpus, "drafts", "refund-newsletter.md")
	draft, err := os.ReadFile(draftPath)
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr lockedBuffer
	code := make(chan int, 1)
	go func() {
		c := Main(context.Background(), []string{"--data", data, "--corpus", sampleCorpus, "mcp"}, IO{Stdin: inR, Stdout: outW, Stderr: &stderr}, nil, nil)
		_ = outW.Close()
		code <- c
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "cli-test", Version: "1"}, nil).
		Connect(context.Background(), &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatalf("connect: %v (stderr %s)", err, stderr.String())
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "check_draft",
		Arguments: map[string]any{"draft": string(draft), "engine": "offline"}})
	if err != nil || res.IsError {
		t.Fatalf("check_draft: %v %+v", err, res)
	}
	fromMCP, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	_ = cs.Close()
	if c := <-code; c != ExitOK {
		t.Fatalf("mcp exit %d, want 0 when the client hangs up; stderr %s", c, stderr.String())
	}
	inWorkspace(t, data, sampleCorpus, func(ctx context.Context, s *session.Session, ws string) {
		if list, _ := history(t, ctx, s, ws); len(list) != 0 {
			t.Errorf("mcp without --allow-writes stored %d check(s)", len(list))
		}
	})

	exit, stdout, errOut := runCheckCLI(t, data, "check", "--json", "--engine", "offline", draftPath)
	if exit != ExitFailed {
		t.Fatalf("check exit %d, want 1; stderr %s", exit, errOut)
	}
	var a, b any
	if err := json.Unmarshal(fromMCP, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(stdout), &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("check_draft JSON differs from check --json:\nmcp: %s\ncli: %s", fromMCP, stdout)
	}
	if !strings.Contains(string(fromMCP), `"verdict":"contradicted"`) {
		t.Errorf("no contradicted claim in %s", fromMCP)
	}
}

func TestMCPTakesNoArguments(t *testing.T) {
	t.Parallel()
	r := run(t, nil, "--data", t.TempDir(), "mcp", "extra")
	if r.code != ExitError || !strings.Contains(r.stderr, "mcp takes no arguments") {
		t.Fatalf("exit %d stderr %q", r.code, r.stderr)
	}
}
