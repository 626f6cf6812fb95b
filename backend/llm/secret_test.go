package llm

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/llm/llmtest"
	"continuity/backend/logging"
	"continuity/backend/store"
)

// The key must reach the server and nothing else: not the slog output
// (raw or redacted), the audit file, or any byte of the data dir.
func TestAPIKeyAppearsNowhere(t *testing.T) {
	const key = "sk-continuity-LEAKCHECK-7f3a9c2e5b1d"
	t.Setenv("OPENAI_API_KEY", key)
	dataDir := t.TempDir()
	db, err := store.OpenDir(context.Background(), dataDir)
	if err != nil {
		t.Fatal(err)
	}
	var raw, redacted bytes.Buffer
	red := logging.NewRedactor(&redacted)
	red.AddSecret(os.Getenv("OPENAI_API_KEY"))
	log := slog.New(fanout{slog.NewJSONHandler(&raw, &slog.HandlerOptions{Level: slog.LevelDebug}),
		logging.New(red, logging.Options{Level: slog.LevelDebug}).Handler()})

	srv := llmtest.New(t)
	srv.On(llmtest.Contains("echo"), llmtest.Reply{Status: 401, Message: "Incorrect API key provided: " + key})
	srv.On(llmtest.Contains("flaky"), llmtest.Reply{Status: 429, RetryAfter: "0", Times: 1}, llmtest.Reply{JSON: map[string]any{"verdict": "supported", "evidence": []string{}, "score": 1}})
	srv.On(llmtest.Schema("claims_verify"), llmtest.Reply{Content: `{"verdict": "maybe"`})
	c := newTestClient(t, srv, func(c *Config) {
		c.APIKey = os.Getenv("OPENAI_API_KEY")
		c.AuditDir = filepath.Join(dataDir, "audit")
		c.Logger = log
		c.Store = db
	})
	ctx := context.Background()
	var v verdict
	_, _ = c.CompleteJSON(ctx, verifyReq("flaky"), &v)
	_, _ = c.CompleteJSON(ctx, verifyReq("broken"), &v)
	_, echoErr := c.Complete(ctx, Request{Prompt: "p", Messages: []Message{{Role: "user", Content: "echo"}}})
	_, _, _ = c.Embed(ctx, []string{"a", "b"})
	if echoErr == nil || strings.Contains(echoErr.Error(), key) {
		t.Fatalf("error text leaks or is missing: %v", echoErr)
	}
	if auth := srv.Requests()[0].Header["Authorization"]; len(auth) != 1 || auth[0] != "Bearer "+key {
		t.Fatalf("the server did not receive the key: %v", auth)
	}
	_ = c.Close()
	_ = db.Close()

	if raw.Len() == 0 || !strings.Contains(raw.String(), "llm call") {
		t.Fatal("debug log is empty; the test would prove nothing")
	}
	for name, out := range map[string]string{"raw log": raw.String(), "redacted log": redacted.String()} {
		if strings.Contains(out, key) {
			t.Errorf("%s contains the key", name)
		}
	}
	files := 0
	err = filepath.WalkDir(dataDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		if bytes.Contains(b, []byte(key)) {
			t.Errorf("%s contains the key", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	audit, _ := os.ReadFile(filepath.Join(dataDir, "audit", AuditFile))
	if files < 2 || !bytes.Contains(audit, []byte("claims.verify")) || !bytes.Contains(audit, []byte(`\"verdict\": \"maybe\"`)) {
		t.Fatalf("audit log or database missing (%d files): %s", files, audit)
	}
}

// fanout sends each record to every handler.
type fanout []slog.Handler

func (f fanout) Enabled(ctx context.Context, l slog.Level) bool { return true }
func (f fanout) Handle(ctx context.Context, r slog.Record) error {
	for _, h := range f {
		if h.Enabled(ctx, r.Level) {
			_ = h.Handle(ctx, r.Clone())
		}
	}
	return nil
}
func (f fanout) WithAttrs(a []slog.Attr) slog.Handler {
	out := make(fanout, len(f))
	for i, h := range f {
		out[i] = h.WithAttrs(a)
	}
	return out
}
func (f fanout) WithGroup(n string) slog.Handler {
	out := make(fanout, len(f))
	for i, h := range f {
		out[i] = h.WithGroup(n)
	}
	return out
}
