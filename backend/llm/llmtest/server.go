package llmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"
)

// Server is a scripted OpenAI-compatible endpoint.
type Server struct {
	URL     string        // base URL ending in /v1
	Latency time.Duration // added before every reply
	Dims    int           // default embedding size

	mu       sync.Mutex
	rules    []*rule
	requests []Request

	srv  *http.Server
	ln   net.Listener
	done chan struct{}
	once sync.Once
}

// New starts a server on 127.0.0.1 that closes when tb ends.
func New(tb testing.TB) *Server {
	tb.Helper()
	s, err := Start("127.0.0.1:0")
	if err != nil {
		tb.Fatalf("llmtest: %v", err)
	}
	tb.Cleanup(s.Close)
	return s
}

// Start listens on addr (e.g. "127.0.0.1:0") and serves until Close.
func Start(addr string) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	s := &Server{URL: "http://" + ln.Addr().String() + "/v1", Dims: 8, ln: ln, done: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.handle("chat"))
	mux.HandleFunc("POST /v1/embeddings", s.handle("embeddings"))
	// Azure classic deployment routes.
	mux.HandleFunc("POST /openai/deployments/{dep}/chat/completions", s.handle("chat"))
	mux.HandleFunc("POST /openai/deployments/{dep}/embeddings", s.handle("embeddings"))
	s.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

// Close releases hung handlers and stops the server.
func (s *Server) Close() {
	s.once.Do(func() {
		close(s.done)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.srv.Shutdown(ctx)
	})
}

// On adds a rule; see the package doc.
func (s *Server) On(m Matcher, replies ...Reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = append(s.rules, &rule{match: m, replies: replies})
}

// Requests returns a copy of every request received, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Count counts recorded requests that m accepts.
func (s *Server) Count(m Matcher) int {
	n := 0
	for _, r := range s.Requests() {
		if m(r) {
			n++
		}
	}
	return n
}

// Reset forgets rules and recorded requests.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules, s.requests = nil, nil
}

type wireRequest struct {
	Model          string          `json:"model"`
	Messages       []Message       `json:"messages"`
	Input          json.RawMessage `json:"input"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string         `json:"name"`
			Schema map[string]any `json:"schema"`
			Strict bool           `json:"strict"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

func (s *Server) handle(endpoint string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
		if err != nil {
			writeError(w, 400, "llmtest: cannot read body: "+err.Error())
			return
		}
		var wr wireRequest
		if err := json.Unmarshal(body, &wr); err != nil {
			writeError(w, 400, "llmtest: body is not JSON: "+err.Error())
			return
		}
		req := Request{Endpoint: endpoint, Model: wr.Model, Messages: wr.Messages, Header: r.Header.Clone(),
			Query: r.URL.Query(), Body: body}
		if dep := r.PathValue("dep"); dep != "" && req.Model == "" {
			req.Model = dep
		}
		if rf := wr.ResponseFormat; rf != nil && rf.JSONSchema != nil {
			req.SchemaName, req.Schema, req.Strict = rf.JSONSchema.Name, rf.JSONSchema.Schema, rf.JSONSchema.Strict
		}
		if endpoint == "embeddings" {
			req.Input = parseInput(wr.Input)
		}
		rep, matched := s.pick(req)
		if !s.wait(r.Context(), s.Latency+rep.Delay, rep.Hang) {
			return
		}
		switch {
		case rep.RawBody != "":
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, rep.RawBody)
		case rep.Status != 0 && rep.Status != 200:
			if rep.RetryAfter != "" {
				w.Header().Set("Retry-After", rep.RetryAfter)
			}
			if rep.RetryAfterMs != "" {
				w.Header().Set("Retry-After-Ms", rep.RetryAfterMs)
			}
			msg := rep.Message
			if msg == "" {
				msg = fmt.Sprintf("llmtest: scripted HTTP %d", rep.Status)
			}
			writeError(w, rep.Status, msg)
		case endpoint == "embeddings":
			s.writeEmbeddings(w, req, rep)
		case !matched && req.SchemaName != "":
			writeError(w, 501, fmt.Sprintf("llmtest: no scripted reply for schema %q", req.SchemaName))
		default:
			writeChat(w, req, rep)
		}
	}
}

func (s *Server) pick(req Request) (Reply, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, req)
	for _, r := range s.rules {
		if r.match(req) {
			if rep, ok := r.next(); ok {
				return rep, true
			}
		}
	}
	return Reply{Content: "ok"}, false
}

// wait sleeps d, or forever when hang; false means the client left or the
// server is closing, so nothing should be written.
func (s *Server) wait(ctx context.Context, d time.Duration, hang bool) bool {
	var timer <-chan time.Time
	if !hang {
		if d <= 0 {
			return true
		}
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-timer:
		return true
	case <-ctx.Done():
		return false
	case <-s.done:
		return false
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": "llmtest_error", "code": nil, "param": nil}})
}

func writeChat(w http.ResponseWriter, req Request, rep Reply) {
	content := rep.Content
	if rep.JSON != nil {
		b, err := json.Marshal(rep.JSON)
		if err != nil {
			writeError(w, 500, "llmtest: reply JSON: "+err.Error())
			return
		}
		content = string(b)
	}
	model := req.Model
	if rep.Model != "" {
		model = rep.Model
	}
	chars := 0
	for _, m := range req.Messages {
		chars += len([]rune(m.Content))
	}
	u := Usage{PromptTokens: tokens(chars), CompletionTokens: tokens(len([]rune(content)))}
	if rep.Usage != nil {
		u = *rep.Usage
	}
	out := map[string]any{
		"id": "chatcmpl-llmtest", "object": "chat.completion", "created": time.Now().Unix(), "model": model,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content, "refusal": nil}}},
	}
	if !rep.NoUsage {
		out["usage"] = map[string]any{"prompt_tokens": u.PromptTokens, "completion_tokens": u.CompletionTokens,
			"total_tokens": u.PromptTokens + u.CompletionTokens}
	}
	writeJSON(w, 200, out)
}

func (s *Server) writeEmbeddings(w http.ResponseWriter, req Request, rep Reply) {
	data := make([]any, len(req.Input))
	chars := 0
	for i, in := range req.Input {
		chars += len([]rune(in))
		v := HashVector(in, s.Dims)
		if i < len(rep.Vectors) {
			v = rep.Vectors[i]
		}
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": v}
	}
	model := req.Model
	if rep.Model != "" {
		model = rep.Model
	}
	out := map[string]any{"object": "list", "model": model, "data": data}
	if !rep.NoUsage {
		pt := tokens(chars)
		if rep.Usage != nil {
			pt = rep.Usage.PromptTokens
		}
		out["usage"] = map[string]any{"prompt_tokens": pt, "total_tokens": pt}
	}
	writeJSON(w, 200, out)
}

// HashVector is the deterministic unit vector the server returns for text.
func HashVector(text string, dims int) []float32 {
	if dims <= 0 {
		dims = 8
	}
	v := make([]float32, dims)
	var norm float64
	for i := range v {
		h := fnv.New64a()
		_, _ = h.Write([]byte(itoa(i) + "\x00" + text))
		f := float64(h.Sum64()%2000)/1000 - 1
		v[i] = float32(f)
		norm += f * f
	}
	if norm == 0 {
		v[0], norm = 1, 1
	}
	for i := range v {
		v[i] = float32(float64(v[i]) / math.Sqrt(norm))
	}
	return v
}

func parseInput(raw json.RawMessage) []string {
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err == nil {
		return many
	}
	return nil
}
