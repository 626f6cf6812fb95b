package llm

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/llm/llmtest"
	"continuity/backend/store"
)

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// A provider may echo the key upper- or lower-cased, and a writer may paste
// it into a draft: no case variant may reach an error, the ledger, the
// database or the audit file.
func TestKeyCaseVariantsAreScrubbedEverywhere(t *testing.T) {
	t.Parallel()
	const key = "sk-Continuity-CaseCheck-9Qz4"
	variants := map[string]string{"upper": strings.ToUpper(key), "lower": strings.ToLower(key), "mixed": "SK-cONTINUITY-casecheck-9qZ4"}
	for name, v := range variants {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dataDir := t.TempDir()
			db, err := store.OpenDir(context.Background(), dataDir)
			if err != nil {
				t.Fatal(err)
			}
			srv := llmtest.New(t)
			srv.On(llmtest.Contains("echo-error"), llmtest.Reply{Status: 401, Message: "Incorrect API key provided: " + v})
			// Padding puts the key across the 500-character cut, where a
			// scrub after truncation would miss the surviving prefix.
			srv.On(llmtest.Contains("long-error"), llmtest.Reply{Status: 400, Message: strings.Repeat("x", 488) + v})
			srv.On(llmtest.Contains("echo-reply"), llmtest.Reply{Content: "your key is " + v})
			c := newTestClient(t, srv, func(c *Config) {
				c.APIKey, c.AuditDir, c.Store, c.MaxRetries = key, filepath.Join(dataDir, "audit"), db, 0
			})
			ctx := context.Background()
			ask := func(text string) error {
				_, err := c.Complete(ctx, Request{Prompt: "p", Messages: []Message{{Role: "user", Content: text}}})
				return err
			}
			for _, text := range []string{"echo-error", "long-error"} {
				err := ask(text)
				if err == nil || containsFold(err.Error(), key) || containsFold(err.Error(), key[:12]) {
					t.Fatalf("%s: error text leaks or is missing: %v", text, err)
				}
			}
			if err := ask("echo-reply; the draft quotes " + v); err != nil {
				t.Fatal(err)
			}
			for _, call := range c.Ledger().Calls() {
				if containsFold(call.Error, key) || containsFold(call.Error, key[:12]) {
					t.Fatalf("ledger error leaks the key: %q", call.Error)
				}
			}
			_ = c.Close()
			_ = db.Close()
			audit, err := os.ReadFile(filepath.Join(dataDir, "audit", AuditFile))
			if err != nil || !strings.Contains(string(audit), "[REDACTED]") || strings.Count(string(audit), "\n") != 3 {
				t.Fatalf("audit file (%v): %s", err, audit)
			}
			err = filepath.WalkDir(dataDir, func(path string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(path)
				if containsFold(string(b), key) {
					t.Errorf("%s holds a case variant of the key", path)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
