package target

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/theory/jsonpath"
)

// extract reads a 2xx reply: JSON, with the answer at the answer path.
func (c *Client) extract(body []byte) (Response, error) {
	doc, err := decodeJSON(body)
	if err != nil {
		return Response{}, fmt.Errorf("%w: %w%s", ErrNotJSON, err, snippet(body))
	}
	return Extract(c.cfg, doc)
}

func decodeJSON(body []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return doc, nil
}

// Extract applies the config's paths to a decoded reply. The answer path
// must match (its first match is the answer; null reads as empty); the
// context paths may match nothing, which is an empty list.
func Extract(cfg *Config, doc any) (Response, error) {
	r := Response{HasContexts: cfg.Contexts != nil, HasContextIDs: cfg.ContextIDs != nil}
	nodes := cfg.Answer.Select(doc)
	if len(nodes) == 0 {
		return r, fmt.Errorf("%w: %s%s", ErrNoAnswer, cfg.AnswerExpr, keysHint(doc))
	}
	a, err := text("answer", nodes[0])
	if err != nil {
		return r, err
	}
	r.Answer = a
	if r.Contexts, err = texts("contexts", cfg.Contexts, doc); err != nil {
		return r, err
	}
	if r.ContextIDs, err = texts("context_ids", cfg.ContextIDs, doc); err != nil {
		return r, err
	}
	return r, nil
}

// texts are the strings a list path selects; a path that selects one
// list stands for its items.
func texts(what string, p *jsonpath.Path, doc any) ([]string, error) {
	if p == nil {
		return nil, nil
	}
	nodes := p.Select(doc)
	if len(nodes) == 1 {
		if list, ok := nodes[0].([]any); ok {
			nodes = list
		}
	}
	out := make([]string, 0, len(nodes))
	for i, n := range nodes {
		s, err := text(fmt.Sprintf("%s item %d", what, i+1), n)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func text(what string, n any) (string, error) {
	switch v := n.(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	case json.Number:
		return v.String(), nil
	case bool:
		return fmt.Sprint(v), nil
	case map[string]any:
		return "", fmt.Errorf("%w: %s is an object, not text (point the path at a text field)", ErrBadValue, what)
	case []any:
		return "", fmt.Errorf("%w: %s is a list, not text (add [*] to the path for each item)", ErrBadValue, what)
	}
	return "", fmt.Errorf("%w: %s has an unexpected type %T", ErrBadValue, what, n)
}

// keysHint names the top-level keys of a reply, to help fix a path.
func keysHint(doc any) string {
	m, ok := doc.(map[string]any)
	if !ok {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) > 10 {
		keys = append(keys[:10], "…")
	}
	return fmt.Sprintf(" (the reply has keys: %s)", strings.Join(keys, ", "))
}
