package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// rawClient speaks newline-delimited JSON-RPC to Serve over pipes, byte
// for byte, as a broken or hostile client would.
type rawClient struct {
	in    *io.PipeWriter
	lines chan map[string]any
	done  chan struct{} // closed when Serve returned, with its error in err
	err   error
	seen  []map[string]any // replies until read before the one awaited
}

func startRaw(t *testing.T) *rawClient {
	t.Helper()
	return startRawOn(t, readOnlyFixture(t))
}

func startRawOn(t *testing.T, f *fixture) *rawClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &rawClient{in: inW, lines: make(chan map[string]any, 64), done: make(chan struct{})}
	go func() {
		c.err = Serve(context.Background(), f.sess, Options{Version: "test"}, inR, outW)
		close(c.done)
		_ = outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 0, 64<<10), 32<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				m = map[string]any{"unparsable": sc.Text()}
			}
			c.lines <- m
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		_ = inW.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Error("the server did not stop when stdin closed")
		}
	})
	c.send(t, `{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if m := c.until(t, "init"); m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	c.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return c
}

func (c *rawClient) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		t.Fatalf("send: %v", err)
	}
}

// until returns the reply with id, failing on a closed session; the
// replies before it are kept in c.seen.
func (c *rawClient) until(t *testing.T, id any) map[string]any {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case m, ok := <-c.lines:
			if !ok {
				<-c.done
				t.Fatalf("the session ended (Serve: %v)", c.err)
			}
			if m["id"] == id {
				return m
			}
			c.seen = append(c.seen, m)
		case <-deadline:
			t.Fatalf("no reply with id %v", id)
		}
	}
}

// TestMalformedMessagesGetErrorsAndKeepTheSession is the reproduction of
// issue 29 item 5: each of these messages used to end the session.
func TestMalformedMessagesGetErrorsAndKeepTheSession(t *testing.T) {
	huge := `{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"lint_voice","arguments":{"text":"` +
		strings.Repeat("a", 20<<20) + `"}}}`
	deep := func(n int) string {
		return `{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"lint_voice","arguments":{"text":"x","extra":` +
			strings.Repeat("[", n) + strings.Repeat("]", n) + `}}}`
	}
	cases := []struct {
		name, line string
		code       float64 // 0: no reply (a malformed response is only logged)
		id         any     // nil: the reply's id is null
		says       string
	}{
		{"truncated JSON", `{"jsonrpc":"2.0","id":7,"method":"tools/li`, -32700, nil, "not valid JSON"},
		{"binary", "\x00\xff\xfe\x01garbage", -32700, nil, "not UTF-8"},
		{"a batch", `[{"jsonrpc":"2.0","id":8,"method":"tools/list"}]`, -32600, nil, "batches are not supported"},
		{"an empty batch", `[]`, -32600, nil, "batches are not supported"},
		{"a bare value", `42`, -32600, nil, "must be a JSON object"},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":9,"method":"tools/list"}`, -32600, float64(9), `"jsonrpc" must be "2.0"`},
		{"no jsonrpc", `{"id":9,"method":"tools/list"}`, -32600, float64(9), `"jsonrpc" must be "2.0"`},
		{"keys in another case", `{"JSONRPC":"2.0","id":9,"method":"tools/list"}`, -32600, float64(9), `"jsonrpc" must be "2.0"`},
		{"an object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, -32600, nil, `"id" must be a string or a whole number`},
		{"a fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, -32600, nil, `"id" must be a string or a whole number`},
		{"a null id", `{"jsonrpc":"2.0","id":null,"method":"tools/list"}`, -32600, nil, "notification has no"},
		{"a method that is not a string", `{"jsonrpc":"2.0","id":"m","method":5}`, -32600, "m", `"method" must be a string`},
		{"params that are not an object", `{"jsonrpc":"2.0","id":"p","method":"tools/list","params":"all"}`, -32602, "p", `"params" must be an object`},
		{"neither request nor response", `{"jsonrpc":"2.0","id":"n"}`, -32600, "n", `needs a "method"`},
		{"a 20 MB frame", huge, -32600, nil, "over the 17 MB limit"},
		{"deep nesting", deep(5000), -32602, float64(11), "params nest"},
		{"nesting past what encoding/json reads", deep(20000), -32600, nil, "nests deeper than the limit"},
		{"deep nesting beside params", `{"jsonrpc":"2.0","id":"x","method":"tools/list","x":` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}`,
			-32600, "x", "nests 200 levels deep"},
		{"a malformed response", `{"jsonrpc":"2.0","id":"srv-1","error":{"code":"x","message":"m"}}`, 0, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := startRaw(t)
			cl.seen = nil
			cl.send(t, c.line)
			cl.send(t, `{"jsonrpc":"2.0","id":"alive","method":"tools/list"}`)
			alive := cl.until(t, "alive")
			if res, _ := alive["result"].(map[string]any); res == nil || len(res["tools"].([]any)) == 0 {
				t.Fatalf("tools/list after the bad message: %v", alive)
			}
			if c.code == 0 {
				if len(cl.seen) != 0 {
					t.Fatalf("a malformed response got replies %v", cl.seen)
				}
				return
			}
			if len(cl.seen) != 1 {
				t.Fatalf("replies before tools/list: %v, want one error", cl.seen)
			}
			got := cl.seen[0]
			e, _ := got["error"].(map[string]any)
			if e == nil || e["code"] != c.code || got["id"] != c.id || !strings.Contains(e["message"].(string), c.says) ||
				!strings.Contains(e["message"].(string), "message 3") {
				t.Fatalf("reply %v, want code %v, id %v and a message naming message 3 and %q", got, c.code, c.id, c.says)
			}
		})
	}
}
