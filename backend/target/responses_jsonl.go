package target

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Field names of a recorded test case, with the aliases accepted (RAGAS
// calls the question user_input).
var fieldAliases = map[string]string{
	"id": "id", "question_id": "id",
	"question": "question", "user_input": "question",
	"response": "response", "answer": "response",
	"retrieved_contexts": "retrieved_contexts", "contexts": "retrieved_contexts",
	"retrieved_context_ids": "retrieved_context_ids", "context_ids": "retrieved_context_ids",
}

// parseJSONL reads one JSON object per line; blank lines and lines
// starting with # are skipped. Unknown keys are ignored (a RAGAS export
// carries reference and the like).
func parseJSONL(ctx context.Context, rec *Recorded, data []byte) []Problem {
	var probs []Problem
	add := func(line int, col, format string, args ...any) {
		probs = append(probs, Problem{File: rec.File, Row: line, Column: col, Msg: fmt.Sprintf(format, args...)})
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	for n, line := range bytes.Split(data, []byte("\n")) {
		num := n + 1
		if num%1024 == 0 && ctx.Err() != nil {
			return probs
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if len(probs) >= maxProblems {
			break
		}
		if len(rec.Rows) >= MaxResponseRows {
			add(num, "", "more than %d responses; split the file", MaxResponseRows)
			break
		}
		if !utf8.Valid(line) {
			add(num, "", "not valid UTF-8")
			continue
		}
		var obj map[string]json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(line))
		if err := dec.Decode(&obj); err != nil || dec.More() || obj == nil {
			add(num, "", "not a JSON object (one test case per line): %v", orMsg(err, "trailing data"))
			continue
		}
		row := Row{Row: num}
		bad := false
		seen := map[string]string{}
		keys := make([]string, 0, len(obj))
		for key := range obj {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			raw := obj[key]
			f, ok := fieldAliases[strings.ToLower(key)]
			if !ok {
				continue
			}
			if other, dup := seen[f]; dup {
				add(num, key, "%s and %s both give the %s", other, key, f)
				bad = true
				continue
			}
			seen[f] = key
			if err := row.setJSON(f, raw); err != nil {
				add(num, key, "%v", err)
				bad = true
			}
		}
		if bad {
			continue
		}
		if msg := row.incomplete(seen["response"] != ""); msg != "" {
			add(num, "", "%s", msg)
			continue
		}
		rec.Rows = append(rec.Rows, row)
	}
	return probs
}

func orMsg(err error, msg string) string {
	if err != nil {
		return err.Error()
	}
	return msg
}

// incomplete says what a row lacks to be matched and scored.
func (r *Row) incomplete(hasResponse bool) string {
	switch {
	case r.ID == "" && r.Question == "":
		return "a row needs an id or a question to be matched with the golden set"
	case !hasResponse:
		return "the row has no response"
	}
	return ""
}

func (r *Row) setJSON(field string, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	null := bytes.Equal(raw, []byte("null"))
	switch field {
	case "retrieved_contexts", "retrieved_context_ids":
		if null {
			return nil // absent: the case records none
		}
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return fmt.Errorf("want a list of texts, e.g. [\"first passage\", \"second\"]")
		}
		out := make([]string, 0, len(items))
		for i, it := range items {
			s, err := scalarText(it)
			if err != nil {
				return fmt.Errorf("item %d: %w", i+1, err)
			}
			out = append(out, s)
		}
		if field == "retrieved_contexts" {
			r.Contexts, r.HasContexts = out, true
		} else {
			r.ContextIDs, r.HasContextIDs = out, true
		}
		return nil
	}
	s, err := scalarText(raw)
	if err != nil {
		return err
	}
	switch field {
	case "id":
		r.ID = strings.TrimSpace(s)
	case "question":
		r.Question = strings.TrimSpace(s)
	default:
		r.Answer = s
	}
	return nil
}

// scalarText is a JSON string, number or null as text; ids may be numbers.
func scalarText(raw json.RawMessage) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case json.Number:
		return x.String(), nil
	case bool:
		return fmt.Sprint(x), nil
	}
	return "", fmt.Errorf("want text, got %s", jsonKind(v))
}

func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	}
	return fmt.Sprintf("%T", v)
}
