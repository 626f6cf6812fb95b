package llm

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// schemaError locates the first place a value breaks its schema.
type schemaError struct{ path, reason string }

func (e *schemaError) Error() string { return e.path + ": " + e.reason }

// validate checks v (decoded with UseNumber) against the subset of JSON
// Schema that strict structured output allows: type, properties, required,
// additionalProperties, items, enum, const, anyOf, local $ref, and the
// length and range bounds. Unknown keywords are ignored, as in the spec.
func validate(schema map[string]any, v any, path string) error {
	// Round-trip so schemas built with Go types ([]string, nested typed
	// maps) look like parsed JSON.
	b, err := json.Marshal(schema)
	if err != nil {
		return fmt.Errorf("schema is not JSON: %w", err)
	}
	var root map[string]any
	if err := json.Unmarshal(b, &root); err != nil {
		return fmt.Errorf("schema is not a JSON object: %w", err)
	}
	return (&validator{root: root}).check(root, v, path, 0)
}

type validator struct{ root map[string]any }

func (x *validator) check(s map[string]any, v any, path string, depth int) error {
	fail := func(format string, a ...any) error { return &schemaError{path, fmt.Sprintf(format, a...)} }
	if depth > 64 {
		return fail("schema nests too deeply (recursive $ref?)")
	}
	if ref, ok := s["$ref"].(string); ok {
		target, err := x.resolve(ref)
		if err != nil {
			return fail("%v", err)
		}
		return x.check(target, v, path, depth+1)
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var first error
		for _, a := range alts {
			m, _ := a.(map[string]any)
			err := x.check(m, v, path, depth+1)
			if err == nil {
				return nil
			}
			if first == nil {
				first = err
			}
		}
		if first != nil {
			return first
		}
	}
	if t, ok := s["type"]; ok && !typeMatches(t, v) {
		return fail("expected %s, got %s", typeNames(t), jsonType(v))
	}
	if enum, ok := s["enum"].([]any); ok && !containsJSON(enum, v) {
		return fail("value %s is not one of %s", short(v), short(enum))
	}
	if c, ok := s["const"]; ok && !equalJSON(c, v) {
		return fail("value %s must be %s", short(v), short(c))
	}
	switch val := v.(type) {
	case map[string]any:
		return x.checkObject(s, val, path, depth)
	case []any:
		if n, ok := num(s["minItems"]); ok && float64(len(val)) < n {
			return fail("has %d items, needs at least %v", len(val), n)
		}
		if n, ok := num(s["maxItems"]); ok && float64(len(val)) > n {
			return fail("has %d items, allows at most %v", len(val), n)
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range val {
				if err := x.check(items, e, fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
					return err
				}
			}
		}
	case string:
		n := float64(utf8.RuneCountInString(val))
		if m, ok := num(s["minLength"]); ok && n < m {
			return fail("text is %v characters, needs at least %v", n, m)
		}
		if m, ok := num(s["maxLength"]); ok && n > m {
			return fail("text is %v characters, allows at most %v", n, m)
		}
		if p, ok := s["pattern"].(string); ok {
			re, err := regexp.Compile(p)
			if err == nil && !re.MatchString(val) {
				return fail("text %s does not match %s", short(val), p)
			}
		}
	case json.Number:
		f, _ := val.Float64()
		if m, ok := num(s["minimum"]); ok && f < m {
			return fail("%v is below the minimum %v", f, m)
		}
		if m, ok := num(s["maximum"]); ok && f > m {
			return fail("%v is above the maximum %v", f, m)
		}
	}
	return nil
}

func (x *validator) checkObject(s map[string]any, obj map[string]any, path string, depth int) error {
	props, _ := s["properties"].(map[string]any)
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			name, _ := r.(string)
			if _, ok := obj[name]; !ok {
				return &schemaError{path + "." + name, "required field is missing"}
			}
		}
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sub, known := props[k].(map[string]any)
		if !known {
			switch ap := s["additionalProperties"].(type) {
			case bool:
				if !ap {
					return &schemaError{path + "." + k, "field is not allowed by the schema"}
				}
			case map[string]any:
				sub, known = ap, true
			}
		}
		if known {
			if err := x.check(sub, obj[k], path+"."+k, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

func (x *validator) resolve(ref string) (map[string]any, error) {
	if !strings.HasPrefix(ref, "#") {
		return nil, fmt.Errorf("only local $ref is supported, got %q", ref)
	}
	cur := any(x.root)
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#"), "/") {
		if part == "" {
			continue
		}
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref %q does not resolve", ref)
		}
		cur = m[strings.ReplaceAll(strings.ReplaceAll(part, "~1", "/"), "~0", "~")]
	}
	m, ok := cur.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("$ref %q does not resolve", ref)
	}
	return m, nil
}

func typeMatches(t any, v any) bool {
	switch tt := t.(type) {
	case string:
		return oneType(tt, v)
	case []any:
		for _, e := range tt {
			if s, ok := e.(string); ok && oneType(s, v) {
				return true
			}
		}
		return false
	}
	return true
}

func oneType(t string, v any) bool {
	got := jsonType(v)
	if t == "number" && got == "integer" {
		return true
	}
	return t == got
}

func jsonType(v any) string {
	switch val := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if f, err := val.Float64(); err == nil && f == math.Trunc(f) && !strings.ContainsAny(val.String(), ".eE") {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

func typeNames(t any) string {
	if l, ok := t.([]any); ok {
		parts := make([]string, len(l))
		for i, e := range l {
			parts[i] = fmt.Sprint(e)
		}
		return strings.Join(parts, " or ")
	}
	return fmt.Sprint(t)
}

func num(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

func containsJSON(list []any, v any) bool {
	for _, e := range list {
		if equalJSON(e, v) {
			return true
		}
	}
	return false
}

// equalJSON compares by canonical encoding, so json.Number(1) equals 1.0.
func equalJSON(a, b any) bool {
	if fa, ok := num(a); ok {
		fb, ok := num(b)
		return ok && fa == fb
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

func short(v any) string {
	b, _ := json.Marshal(v)
	return truncate(string(b), 120)
}
