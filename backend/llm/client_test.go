package llm

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"continuity/backend/llm/llmtest"
)

func newTestClient(t *testing.T, srv *llmtest.Server, mutate func(*Config)) *Client {
	t.Helper()
	cfg := Config{BaseURL: srv.URL, APIKey: "test-key", Models: Models{Answer: "answer-m", Judge: "judge-m", Embedding: "embed-m"},
		Timeout: 5 * time.Second, MaxRetries: 2, BackoffBase: time.Millisecond, BackoffMax: 5 * time.Millisecond}
	if mutate != nil {
		mutate(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

type verdict struct {
	Verdict  string   `json:"verdict"`
	Evidence []string `json:"evidence"`
	Score    int      `json:"score"`
}

var verdictSchema = &Schema{Name: "claims_verify", Schema: map[string]any{
	"type":                 "object",
	"additionalProperties": false,
	"required":             []string{"verdict", "evidence", "score"},
	"properties": map[string]any{
		"verdict":  map[string]any{"type": "string", "enum": []string{"supported", "contradicted", "not_in_sources"}},
		"evidence": map[string]any{"type": "array", "items": map[string]any{"type": "string"}},
		"score":    map[string]any{"type": "integer", "minimum": 0, "maximum": 5},
	},
}}

func verifyReq(text string) Request {
	return Request{Role: RoleJudge, Prompt: "claims.verify", PromptVersion: "v1", Schema: verdictSchema,
		Messages: []Message{{Role: "system", Content: UntrustedInstruction}, {Role: "user", Content: Fence("claim", text)}}}
}

func TestCompleteJSONParsesTypedResult(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	srv.On(llmtest.Contains("refunds"), llmtest.Reply{JSON: map[string]any{"verdict": "supported", "evidence": []string{"c1"}, "score": 4}})
	c := newTestClient(t, srv, nil)
	var got verdict
	resp, err := c.CompleteJSON(context.Background(), verifyReq("refunds within 30 days"), &got)
	if err != nil {
		t.Fatal(err)
	}
	if got.Verdict != "supported" || got.Score != 4 || len(got.Evidence) != 1 {
		t.Fatalf("decoded %+v", got)
	}
	if resp.Model != "judge-m" || resp.Prompt != "claims.verify" || resp.PromptVersion != "v1" || !resp.UsageReported {
		t.Fatalf("response metadata %+v", resp)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 || reqs[0].SchemaName != "claims_verify" || !reqs[0].Strict || reqs[0].Model != "judge-m" {
		t.Fatalf("server saw %+v", reqs)
	}
	if !strings.Contains(reqs[0].Messages[1].Content, "<<<DATA-") {
		t.Fatalf("untrusted text was not fenced: %q", reqs[0].Messages[1].Content)
	}
}

func TestCompleteJSONRejectsBadOutput(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, content, path string
	}{
		{"malformed JSON", `{"verdict": "supp`, ""},
		{"missing field", `{"verdict": "supported", "evidence": []}`, "$.score"},
		{"value outside enum", `{"verdict": "maybe", "evidence": [], "score": 1}`, "$.verdict"},
		{"extra field", `{"verdict": "supported", "evidence": [], "score": 1, "why": "x"}`, "$.why"},
		{"wrong type", `{"verdict": "supported", "evidence": "c1", "score": 1}`, "$.evidence"},
		{"number not integer", `{"verdict": "supported", "evidence": [], "score": 1.5}`, "$.score"},
		{"above maximum", `{"verdict": "supported", "evidence": [], "score": 9}`, "$.score"},
		{"empty reply", ``, ""},
		{"trailing text", `{"verdict": "supported", "evidence": [], "score": 1} and more`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := llmtest.New(t)
			srv.On(llmtest.Any(), llmtest.Reply{Content: tc.content})
			c := newTestClient(t, srv, nil)
			got := verdict{Verdict: "untouched"}
			_, err := c.CompleteJSON(context.Background(), verifyReq("x"), &got)
			var inv *InvalidOutputError
			if !errors.Is(err, ErrInvalidOutput) || !errors.As(err, &inv) {
				t.Fatalf("err = %v, want *InvalidOutputError", err)
			}
			if inv.Path != tc.path || inv.Prompt != "claims.verify" || inv.Model != "judge-m" {
				t.Fatalf("error located at %q (prompt %q model %q), want %q", inv.Path, inv.Prompt, inv.Model, tc.path)
			}
			if got.Verdict != "untouched" {
				t.Fatalf("out was modified: %+v", got)
			}
			if calls := c.Ledger().Calls(); len(calls) != 1 || calls[0].Outcome != OutcomeInvalidOutput {
				t.Fatalf("ledger = %+v", calls)
			}
		})
	}
}

func TestCodeFencedJSONIsAccepted(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	srv.On(llmtest.Any(), llmtest.Reply{Content: "```json\n{\"verdict\":\"contradicted\",\"evidence\":[],\"score\":0}\n```"})
	var got verdict
	if _, err := newTestClient(t, srv, nil).CompleteJSON(context.Background(), verifyReq("x"), &got); err != nil || got.Verdict != "contradicted" {
		t.Fatalf("got %+v, %v", got, err)
	}
}

func TestRetryAfter429IsRetriedAndCounted(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	srv.On(llmtest.Any(), append(llmtest.Burst(2, 429, "1"), llmtest.Reply{Content: "fine"})...)
	c := newTestClient(t, srv, func(c *Config) { c.MaxRetries = 3 })
	resp, err := c.Complete(context.Background(), Request{Prompt: "p", Messages: []Message{{Role: "user", Content: "hi"}}})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Content != "fine" || resp.Retries != 2 || srv.Count(llmtest.Any()) != 3 {
		t.Fatalf("content %q retries %d requests %d", resp.Content, resp.Retries, srv.Count(llmtest.Any()))
	}
	if tot := c.Ledger().Totals(); tot.Retries != 2 || tot.Calls != 1 || tot.Failed != 0 {
		t.Fatalf("totals %+v", tot)
	}
}

func TestFailuresAreTyped(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		replies  []llmtest.Reply
		kind     error
		retries  int
		requests int
	}{
		{"429 after every retry", []llmtest.Reply{{Status: 429, RetryAfter: "0"}}, ErrRateLimited, 2, 3},
		{"503 after every retry", []llmtest.Reply{{Status: 503}}, ErrServer, 2, 3},
		{"400 is not retried", []llmtest.Reply{{Status: 400, Message: "bad schema"}}, ErrBadRequest, 0, 1},
		{"401 is not retried", []llmtest.Reply{{Status: 401}}, ErrAuth, 0, 1},
		{"404 names the model", []llmtest.Reply{{Status: 404}}, ErrModelNotFound, 0, 1},
		{"body is not JSON", []llmtest.Reply{{RawBody: "<html>proxy error</html>"}}, ErrBadResponse, 0, 1},
		{"no choices", []llmtest.Reply{{RawBody: `{"id":"x","object":"chat.completion","model":"m","choices":[]}`}}, ErrBadResponse, 0, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := llmtest.New(t)
			srv.On(llmtest.Any(), tc.replies...)
			c := newTestClient(t, srv, nil)
			resp, err := c.Complete(context.Background(), Request{Prompt: "p", Messages: []Message{{Role: "user", Content: "hi"}}})
			var apiErr *APIError
			if !errors.Is(err, tc.kind) || !errors.As(err, &apiErr) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
			if resp.Retries != tc.retries || srv.Count(llmtest.Any()) != tc.requests {
				t.Fatalf("retries %d requests %d", resp.Retries, srv.Count(llmtest.Any()))
			}
			if Describe(err) == err.Error() || Describe(err) == "" {
				t.Fatalf("no plain-words description for %v", err)
			}
			if calls := c.Ledger().Calls(); len(calls) != 1 || calls[0].Outcome != OutcomeError {
				t.Fatalf("ledger %+v", calls)
			}
		})
	}
}

func TestHungServerHitsDeadline(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	srv.On(llmtest.Any(), llmtest.Reply{Hang: true})
	c := newTestClient(t, srv, func(c *Config) { c.Timeout = 150 * time.Millisecond; c.MaxRetries = 1 })
	resp, err := c.Complete(context.Background(), Request{Prompt: "p", Messages: []Message{{Role: "user", Content: "hi"}}})
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a timeout", err)
	}
	if resp.Retries != 1 || srv.Count(llmtest.Any()) != 2 {
		t.Fatalf("retries %d requests %d", resp.Retries, srv.Count(llmtest.Any()))
	}
}

func TestCallerCancelStopsRetries(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	srv.On(llmtest.Any(), llmtest.Reply{Status: 429, RetryAfter: "30"})
	c := newTestClient(t, srv, func(c *Config) { c.MaxRetries = 5 })
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := c.Complete(ctx, Request{Prompt: "p", Messages: []Message{{Role: "user", Content: "hi"}}})
	if !errors.Is(err, context.DeadlineExceeded) || srv.Count(llmtest.Any()) != 1 {
		t.Fatalf("err = %v after %d requests", err, srv.Count(llmtest.Any()))
	}
}

func TestAzureClassicDeploymentRouting(t *testing.T) {
	t.Parallel()
	srv := llmtest.New(t)
	c := newTestClient(t, srv, func(c *Config) {
		c.BaseURL = strings.TrimSuffix(srv.URL, "/v1")
		c.APIVersion = "2024-10-21"
		c.APIKey = "azure-key-123"
	})
	if _, err := c.Complete(context.Background(), Request{Prompt: "p", Messages: []Message{{Role: "user", Content: "hi"}}}); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	if r.Query["api-version"][0] != "2024-10-21" || r.Header["Api-Key"][0] != "azure-key-123" || len(r.Header["Authorization"]) != 0 {
		t.Fatalf("query %v headers %v", r.Query, r.Header)
	}
}

func TestNewNeedsKeyForRemoteEndpoints(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, url string
		needs     bool
	}{
		{"openai default", "", true},
		{"openai", "https://api.openai.com/v1", true},
		{"azure", "https://x.openai.azure.com/openai/v1", true},
		{"ollama", "http://localhost:11434/v1", false},
		{"lm studio", "http://127.0.0.1:1234/v1", false},
		{"vllm ipv6 loopback", "http://[::1]:8000/v1", false},
		{"lan vllm", "http://192.168.1.20:8000/v1", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if NeedsKey(tc.url) != tc.needs {
				t.Fatalf("NeedsKey(%q) = %v", tc.url, !tc.needs)
			}
			// Insecure http is allowed here: this test is about the key, and
			// the LAN case would otherwise stop at ErrInsecureHTTP first.
			_, err := New(Config{BaseURL: tc.url, Models: Models{Answer: "m"}, AllowInsecureHTTP: true})
			if tc.needs != errors.Is(err, ErrNoAPIKey) {
				t.Fatalf("New without key: %v", err)
			}
		})
	}
}
