package claims

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
)

// When one paragraph's call fails, the siblings it cancels fail with
// "context canceled"; the error reported must be the first real one,
// whatever paragraph order the results are read in.
func TestLLMCheckReportsTheFirstRealCause(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		reply llmtest.Reply
		want  error
	}{
		{"provider rejects the key", llmtest.Reply{Status: 401, Message: "invalid key"}, llm.ErrAuth},
		{"unparsable reply", llmtest.Reply{Content: `{"claims": [`}, llm.ErrInvalidOutput},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := llmtest.New(t)
			// Paragraph 0 never answers, so it can only end by being
			// cancelled when paragraph 1 fails.
			srv.On(llmtest.Contains("Refunds are available"), llmtest.Reply{Hang: true})
			srv.On(llmtest.Contains("Invoices are sent"), c.reply)
			client, err := llm.New(llm.Config{BaseURL: srv.URL, APIKey: "test-key", Models: llm.Models{Answer: "m", Judge: "m"},
				Timeout: 30 * time.Second, MaxConcurrency: 4})
			if err != nil {
				t.Fatal(err)
			}
			defer client.Close()
			e := NewLLM(client)
			e.Concurrency = 2
			draft := "Refunds are available within 14 days.\n\nInvoices are sent within 3 days."
			_, err = e.Check(context.Background(), draft, oneChunk{})
			if !errors.Is(err, c.want) || errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "paragraph 1") {
				t.Fatalf("Check error = %v; want the first real cause (%v) from paragraph 1", err, c.want)
			}
		})
	}
}
