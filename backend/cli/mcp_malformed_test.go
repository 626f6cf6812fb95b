package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// TestMCPCommandAnswersAMalformedMessageAndGoesOn is issue 29 item 5
// through the real `continuity mcp`: a truncated message used to end the
// session; now it gets a parse error and the next request its answer.
func TestMCPCommandAnswersAMalformedMessageAndGoesOn(t *testing.T) {
	t.Parallel()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr lockedBuffer
	code := make(chan int, 1)
	go func() {
		c := Main(context.Background(), []string{"--data", t.TempDir(), "--corpus", sampleCorpus, "mcp"}, IO{Stdin: inR, Stdout: outW, Stderr: &stderr}, nil, nil)
		_ = outW.Close()
		code <- c
	}()
	replies := make(chan map[string]any, 16)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"not json": sc.Text()}
			}
			replies <- m
		}
		close(replies)
	}()
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/li`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
	} {
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	var got []map[string]any
	for len(got) < 3 {
		select {
		case m, ok := <-replies:
			if !ok {
				t.Fatalf("the session ended after %v; stderr %s", got, stderr.String())
			}
			got = append(got, m)
		case <-time.After(60 * time.Second):
			t.Fatalf("replies so far %v; stderr %s", got, stderr.String())
		}
	}
	// JSON-RPC replies may come in any order (the server handles
	// requests concurrently): find each by what it answers.
	var parseErr, list map[string]any
	for _, m := range got {
		switch {
		case m["error"] != nil:
			parseErr = m
		case m["id"] == float64(3):
			list = m
		}
	}
	e, _ := parseErr["error"].(map[string]any)
	if e == nil || e["code"] != float64(-32700) || parseErr["id"] != nil {
		t.Fatalf("no parse error for the truncated message: %v", got)
	}
	if list == nil || list["result"] == nil {
		t.Fatalf("no tools/list after it: %v", got)
	}
	if !strings.Contains(stderr.String(), "refused a message") {
		t.Errorf("stderr does not log the refused message: %s", stderr.String())
	}
	_ = inW.Close()
	if c := <-code; c != ExitOK {
		t.Fatalf("exit %d; stderr %s", c, stderr.String())
	}
}
