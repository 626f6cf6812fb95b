package llmtest

import (
	"strconv"
	"strings"
	"time"
)

// Message is one chat message as received.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is one recorded request.
type Request struct {
	Endpoint   string // "chat" or "embeddings"
	Model      string
	Messages   []Message
	SchemaName string         // response_format.json_schema.name, "" if none
	Schema     map[string]any // response_format.json_schema.schema
	Strict     bool
	Input      []string // embeddings input
	Header     map[string][]string
	Query      map[string][]string
	Body       []byte
}

// Text is every message content and input joined, for matching.
func (r Request) Text() string {
	var b strings.Builder
	for _, m := range r.Messages {
		b.WriteString(m.Content)
		b.WriteByte('\n')
	}
	for _, in := range r.Input {
		b.WriteString(in)
		b.WriteByte('\n')
	}
	return b.String()
}

// Usage overrides the reported token counts.
type Usage struct {
	PromptTokens     int
	CompletionTokens int
}

// Reply is one scripted answer; see the package doc.
type Reply struct {
	Content      string
	JSON         any
	Status       int
	Message      string
	RetryAfter   string
	RetryAfterMs string
	Delay        time.Duration
	Hang         bool
	RawBody      string
	Usage        *Usage
	NoUsage      bool
	Model        string
	Vectors      [][]float32
	Times        int // uses before moving on; 0 = the last reply repeats forever
}

// Matcher decides whether a rule answers a request.
type Matcher func(Request) bool

// Any matches every request.
func Any() Matcher { return func(Request) bool { return true } }

// Contains matches when any message or embedding input contains s.
func Contains(s string) Matcher {
	return func(r Request) bool { return strings.Contains(r.Text(), s) }
}

// Schema matches structured requests whose schema has this name.
func Schema(name string) Matcher { return func(r Request) bool { return r.SchemaName == name } }

// Model matches the requested model.
func Model(m string) Matcher { return func(r Request) bool { return r.Model == m } }

// Endpoint matches "chat" or "embeddings".
func Endpoint(e string) Matcher { return func(r Request) bool { return r.Endpoint == e } }

// Prompt matches with an arbitrary predicate.
func Prompt(f func(Request) bool) Matcher { return Matcher(f) }

// All matches when every matcher does.
func All(ms ...Matcher) Matcher {
	return func(r Request) bool {
		for _, m := range ms {
			if !m(r) {
				return false
			}
		}
		return true
	}
}

// Burst returns n one-shot error replies with the given status and
// Retry-After header ("" for none).
func Burst(n, status int, retryAfter string) []Reply {
	out := make([]Reply, n)
	for i := range out {
		out[i] = Reply{Status: status, RetryAfter: retryAfter, Times: 1}
	}
	return out
}

type rule struct {
	match   Matcher
	replies []Reply
	used    int // uses of replies[0]
}

// next pops the reply for one matching request; ok is false when the rule
// has nothing left to give.
func (r *rule) next() (Reply, bool) {
	for len(r.replies) > 0 {
		rep := r.replies[0]
		last := len(r.replies) == 1
		if rep.Times == 0 && last {
			return rep, true
		}
		limit := rep.Times
		if limit == 0 {
			limit = 1
		}
		if r.used < limit {
			r.used++
			if r.used == limit {
				r.replies, r.used = r.replies[1:], 0
			}
			return rep, true
		}
		r.replies, r.used = r.replies[1:], 0
	}
	return Reply{}, false
}

func tokens(chars int) int { return (chars + 3) / 4 }

func itoa(i int) string { return strconv.Itoa(i) }
