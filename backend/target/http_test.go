package target

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// newTarget parses a target file for srv with extra lines and returns a
// client that never waits between retries.
func newTarget(t *testing.T, srv *httptest.Server, extra string, env map[string]string) *Client {
	t.Helper()
	cfg, err := Parse("bot.yaml", []byte("url: "+srv.URL+"/ask\nanswer: $.answer\ncontexts: $.sources[*].text\ncontext_ids: $.sources[*].id\ntimeout: 2s\n"+extra))
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewClient(cfg, func(k string) string { return env[k] }, srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	c.backoff = func(int, time.Duration) time.Duration { return 0 }
	return c
}

func TestRespondFaults(t *testing.T) {
	t.Parallel()
	var calls sync.Map // path → *atomic.Int32
	count := func(r *http.Request) int32 {
		v, _ := calls.LoadOrStore(r.URL.Query().Get("case"), new(atomic.Int32))
		return v.(*atomic.Int32).Add(1)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := count(r)
		switch r.URL.Query().Get("case") {
		case "ok":
			fmt.Fprint(w, `{"answer": "30 days", "sources": [{"id": "help-refund", "text": "Refunds within 30 days."}, {"id": 7, "text": "x"}]}`)
		case "flaky": // fails once, then answers
			if n == 1 {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			fmt.Fprint(w, `{"answer": "ok", "sources": []}`)
		case "500":
			http.Error(w, "boom", http.StatusInternalServerError)
		case "401":
			http.Error(w, "no", http.StatusUnauthorized)
		case "html":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<!doctype html><html><body>Bad gateway</body></html>")
		case "noanswer":
			fmt.Fprint(w, `{"reply": "30 days", "sources": []}`)
		case "object":
			fmt.Fprint(w, `{"answer": {"text": "30 days"}}`)
		case "slow":
			select {
			case <-time.After(3 * time.Second):
			case <-r.Context().Done():
			}
		}
	}))
	t.Cleanup(srv.Close)
	cases := []struct {
		name, path string
		retries    int
		wantErr    error
		wantMsg    string
		calls      int32
	}{
		{"answers", "ok", 2, nil, "", 1},
		{"a 503 is retried", "flaky", 2, nil, "", 2},
		{"a 500 after its retries", "500", 2, ErrHTTPStatus, "500 Internal Server Error (reply starts \"boom\") (3 attempts)", 3},
		{"a 401 is not retried", "401", 2, ErrHTTPStatus, "401 Unauthorized", 1},
		{"html is not JSON", "html", 2, ErrNotJSON, `reply starts "<!doctype html>`, 1},
		{"no answer at the path", "noanswer", 2, ErrNoAnswer, "$.answer (the reply has keys: reply, sources)", 1},
		{"an object is not an answer", "object", 2, ErrBadValue, "answer is an object", 1},
		{"a timeout", "slow", 0, ErrTimeout, "timed out after 100ms (1 attempt)", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg, err := Parse("bot.yaml", []byte(fmt.Sprintf("url: %s/ask?case=%s\nanswer: $.answer\ncontexts: $.sources[*].text\ncontext_ids: $.sources[*].id\ntimeout: 100ms\nretries: %d\n", srv.URL, c.path, c.retries)))
			if err != nil {
				t.Fatal(err)
			}
			cl, err := NewClient(cfg, nil, srv.Client())
			if err != nil {
				t.Fatal(err)
			}
			cl.backoff = func(int, time.Duration) time.Duration { return 0 }
			r, err := cl.Respond(context.Background(), Question{ID: "Q1", Text: "How long?"})
			if c.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
			} else if !strings.Contains(fmt.Sprint(err), c.wantMsg) || !errors.Is(err, c.wantErr) {
				t.Fatalf("err = %v, want %v with %q", err, c.wantErr, c.wantMsg)
			}
			if strings.Contains(fmt.Sprint(err), "case=") {
				t.Fatalf("error %q carries the query string", err)
			}
			v, _ := calls.Load(c.path)
			if got := v.(*atomic.Int32).Load(); got != c.calls {
				t.Fatalf("%d calls, want %d", got, c.calls)
			}
			if c.path == "ok" && (r.Answer != "30 days" || strings.Join(r.ContextIDs, ",") != "help-refund,7" || len(r.Contexts) != 2 || !r.HasContexts) {
				t.Fatalf("response = %+v", r)
			}
		})
	}
}

func TestRespondSendsTemplatesAndExpandsHeadersWithoutKeepingThem(t *testing.T) {
	t.Parallel()
	const token = "tok-9f8e7d6c"
	var got struct {
		auth, ctype string
		body        map[string]string
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.auth, got.ctype = r.Header.Get("Authorization"), r.Header.Get("Content-Type")
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &got.body)
		// a server that echoes the credential back must not get it stored
		fmt.Fprintf(w, `{"answer": "you sent %s", "sources": [{"id": "a", "text": "ctx %s"}]}`, got.auth, token)
	}))
	defer srv.Close()
	c := newTarget(t, srv, "headers: {Authorization: \"Bearer ${BOT_TOKEN}\"}\nbody: {question: \"{{question}}\", id: \"{{id}}\", cat: \"{{category}}\"}\n",
		map[string]string{"BOT_TOKEN": token})
	r, err := c.Respond(context.Background(), Question{ID: "Q\"1", Text: "Is it \"free\"?\n", Category: "routine"})
	if err != nil {
		t.Fatal(err)
	}
	if got.auth != "Bearer "+token || got.ctype != "application/json" || got.body["question"] != "Is it \"free\"?\n" || got.body["id"] != "Q\"1" || got.body["cat"] != "routine" {
		t.Fatalf("server saw %+v", got)
	}
	if strings.Contains(r.Answer+strings.Join(r.Contexts, ""), token) || !strings.Contains(r.Answer, "[redacted]") {
		t.Fatalf("token kept in %+v", r)
	}
	if _, err := NewClient(c.cfg, func(string) string { return "" }, nil); !errors.Is(err, ErrEnvUnset) || !strings.Contains(err.Error(), "BOT_TOKEN") {
		t.Fatalf("unset variable: err = %v", err)
	}
}

func TestRespondKeepsToConcurrency(t *testing.T) {
	t.Parallel()
	var inFlight, peak atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		time.Sleep(20 * time.Millisecond)
		fmt.Fprint(w, `{"answer": "a"}`)
	}))
	defer srv.Close()
	c := newTarget(t, srv, "concurrency: 2\n", nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Respond(context.Background(), Question{ID: fmt.Sprint(i)}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if p := peak.Load(); p != 2 {
		t.Fatalf("peak in flight = %d, want 2", p)
	}
}

func TestExtractLists(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, yaml, reply string
		ids               string
		hasIDs            bool
		wantErr           error
	}{
		{"a path to the list itself", "context_ids: $.ids\n", `{"answer": "a", "ids": ["x", 2]}`, "x,2", true, nil},
		{"empty sources", "context_ids: $.sources[*].id\n", `{"answer": "a", "sources": []}`, "", true, nil},
		{"sources missing", "context_ids: $.sources[*].id\n", `{"answer": "a"}`, "", true, nil},
		{"no ids asked for", "", `{"answer": "a"}`, "", false, nil},
		{"an id that is an object", "context_ids: $.sources[*]\n", `{"answer": "a", "sources": [{"id": 1}]}`, "", true, ErrBadValue},
		{"null answer reads empty", "", `{"answer": null}`, "", false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg, err := Parse("t.yaml", []byte("url: http://localhost/a\nanswer: $.answer\n"+c.yaml))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := decodeJSON([]byte(c.reply))
			if err != nil {
				t.Fatal(err)
			}
			r, err := Extract(cfg, doc)
			if !errors.Is(err, c.wantErr) {
				t.Fatalf("err = %v, want %v", err, c.wantErr)
			}
			if err == nil && (strings.Join(r.ContextIDs, ",") != c.ids || r.HasContextIDs != c.hasIDs) {
				t.Fatalf("ids = %q (has %v), want %q (%v)", r.ContextIDs, r.HasContextIDs, c.ids, c.hasIDs)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	t.Parallel()
	if d := retryAfter("2"); d != 2*time.Second {
		t.Fatalf("retryAfter(2) = %s", d)
	}
	if d := retryAfter("soon"); d != 0 {
		t.Fatalf("retryAfter(soon) = %s", d)
	}
	if d := defaultBackoff(0, 30*time.Second); d != 10*time.Second {
		t.Fatalf("a server's Retry-After is capped: %s", d)
	}
	if d := defaultBackoff(3, 0); d <= 0 || d > 2*time.Second {
		t.Fatalf("backoff(3) = %s", d)
	}
}
