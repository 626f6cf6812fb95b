package target

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzParse: any bytes give a config or a located *ConfigError, never a
// panic; a config always renders a valid JSON body and has an answer path.
func FuzzParse(f *testing.F) {
	f.Add([]byte(example))
	f.Add([]byte("url: http://x/a?q={{question}}\nmethod: GET\nanswer: $.a\nrefusal: (?i)not covered\nretries: 0\n"))
	f.Add([]byte("url: http://x/a\nanswer: $.a\nbody: '{\"q\": \"{{question}}\"}'\nheaders: {X-A: '${A}'}\n"))
	f.Add([]byte("url: http://x/a\nanswer: $.a\nbody: {a: &x [1, 2], b: *x}\n"))
	f.Add([]byte("a: &a [*a]\n"))
	f.Add([]byte("url: [\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse("f.yaml", data)
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.File != "f.yaml" || ce.Msg == "" {
				t.Fatalf("error %v (%T) is not a located config error", err, err)
			}
			return
		}
		if cfg.Answer == nil || cfg.URL == "" {
			t.Fatalf("config without url or answer: %+v", cfg)
		}
		if cfg.Body != "" && !json.Valid([]byte(renderBody(cfg.Body, Question{ID: "i\"d", Text: "q\\\n\u2028", Category: "c"}))) {
			t.Fatalf("body %q renders invalid JSON", cfg.Body)
		}
		if _, err := Extract(cfg, map[string]any{"answer": "a"}); err != nil && !errors.Is(err, ErrNoAnswer) && !errors.Is(err, ErrBadValue) {
			t.Fatalf("extract: %v", err)
		}
	})
}

// FuzzResponses: any JSONL or CSV bytes give rows or located problems,
// never a panic; every row can be matched.
func FuzzResponses(f *testing.F) {
	f.Add([]byte(`{"id": "Q1", "response": "a", "retrieved_contexts": ["x"], "retrieved_context_ids": [1]}`), false)
	f.Add([]byte(`{"user_input": "q?", "response": null, "retrieved_contexts": null}`+"\n{"), false)
	f.Add([]byte("id,response,retrieved_contexts\nQ1,a,\"[\"\"x\"\"]\"\nQ2,b,x|y\n"), true)
	f.Add([]byte("question,answer\n\"q\",\"a\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, csv bool) {
		rec := &Recorded{File: "f"}
		var probs []Problem
		if csv {
			probs = parseCSV(context.Background(), rec, data)
		} else {
			probs = parseJSONL(context.Background(), rec, data)
		}
		for _, p := range probs {
			if p.File != "f" || p.Msg == "" || p.Row < 0 {
				t.Fatalf("problem %+v is not located", p)
			}
		}
		for _, r := range rec.Rows {
			if r.ID == "" && r.Question == "" {
				t.Fatalf("row %+v cannot be matched", r)
			}
		}
		rows, warnings := rec.Match([]Question{{ID: "Q1", Text: "q?"}})
		if len(rows) > 1 || strings.Contains(strings.Join(warnings, ""), "\x00\x00") {
			t.Fatalf("match: %v %v", rows, warnings)
		}
	})
}
