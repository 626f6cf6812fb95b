package llm

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"continuity/backend/logging"
)

// AuditFile is the JSON-lines file inside the audit dir.
const AuditFile = "llm-audit.jsonl"

// auditLog appends one JSON line per call: the prompt messages and the
// reply, for users who must show what was sent. The key is never part of
// a request we record, and every field and line is scrubbed of it, in any
// letter case, anyway.
type auditLog struct {
	mu  sync.Mutex
	f   *os.File
	key string
}

type auditEntry struct {
	At            string    `json:"at"`
	Job           string    `json:"job,omitempty"`
	Role          Role      `json:"role"`
	Model         string    `json:"model"`
	Prompt        string    `json:"prompt"`
	PromptVersion string    `json:"prompt_version"`
	Schema        string    `json:"schema,omitempty"`
	Messages      []Message `json:"messages"`
	Reply         string    `json:"reply"`
	InputTokens   *int      `json:"input_tokens"`
	OutputTokens  *int      `json:"output_tokens"`
	LatencyMillis int64     `json:"latency_ms"`
	Retries       int       `json:"retries"`
	Outcome       string    `json:"outcome"`
	Error         string    `json:"error,omitempty"`
}

func openAudit(dir, key string) (*auditLog, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("llm audit dir: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dir, AuditFile), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, fmt.Errorf("llm audit file: %w", err)
	}
	return &auditLog{f: f, key: key}, nil
}

func (a *auditLog) write(c Call, req Request, reply string) error {
	e := auditEntry{At: c.At.Format(time.RFC3339Nano), Job: c.Job, Role: c.Role, Model: c.Model, Prompt: c.Prompt,
		PromptVersion: c.PromptVersion, Messages: req.Messages, Reply: reply,
		LatencyMillis: c.Latency.Milliseconds(), Retries: c.Retries, Outcome: c.Outcome, Error: c.Error}
	if req.Schema != nil {
		e.Schema = req.Schema.Name
	}
	if c.UsageReported {
		e.InputTokens, e.OutputTokens = &c.Usage.InputTokens, &c.Usage.OutputTokens
	}
	// Scrub the fields before encoding: JSON escaping could otherwise
	// hide a key with escaped characters from the line-level pass, which
	// stays as a second net.
	e.Messages = make([]Message, len(req.Messages))
	for i, m := range req.Messages {
		e.Messages[i] = Message{Role: m.Role, Content: logging.ScrubString(m.Content, a.key)}
	}
	e.Reply, e.Error = logging.ScrubString(e.Reply, a.key), logging.ScrubString(e.Error, a.key)
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	line := logging.ScrubString(string(b), a.key)
	a.mu.Lock()
	defer a.mu.Unlock()
	_, err = a.f.WriteString(line + "\n")
	return err
}

func (a *auditLog) close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.f.Close()
}
