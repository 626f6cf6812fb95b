package llm

import (
	"errors"
	"testing"
)

func TestValidateRefsAndNullable(t *testing.T) {
	t.Parallel()
	schema := map[string]any{
		"$defs": map[string]any{"ev": map[string]any{"type": "object", "additionalProperties": false,
			"required": []string{"chunk_id"}, "properties": map[string]any{"chunk_id": map[string]any{"type": "string", "minLength": 1}}}},
		"type": "object", "additionalProperties": false, "required": []string{"evidence", "note"},
		"properties": map[string]any{
			"evidence": map[string]any{"type": "array", "items": map[string]any{"$ref": "#/$defs/ev"}, "maxItems": 2},
			"note":     map[string]any{"type": []string{"string", "null"}},
		},
	}
	cases := []struct {
		name, body, path string
	}{
		{"valid", `{"evidence":[{"chunk_id":"c1"}],"note":null}`, ""},
		{"ref violated", `{"evidence":[{"chunk_id":""}],"note":"x"}`, "$.evidence[0].chunk_id"},
		{"too many items", `{"evidence":[{"chunk_id":"a"},{"chunk_id":"b"},{"chunk_id":"c"}],"note":"x"}`, "$.evidence"},
		{"nullable wrong type", `{"evidence":[],"note":3}`, "$.note"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var out map[string]any
			err := decodeStrict(Response{Content: tc.body}, schema, &out)
			var inv *InvalidOutputError
			switch {
			case tc.path == "" && err != nil:
				t.Fatalf("unexpected %v", err)
			case tc.path != "" && (!errors.As(err, &inv) || inv.Path != tc.path):
				t.Fatalf("err = %v, want problem at %s", err, tc.path)
			}
		})
	}
}

// Model output is untrusted input: no reply may panic the decoder or
// produce a value without passing the schema.
func FuzzDecodeStrict(f *testing.F) {
	for _, s := range []string{`{"verdict":"supported","evidence":[],"score":1}`, `{"verdict":`, "```json\n{}\n```",
		`[]`, `null`, `{"verdict":"supported","evidence":[1],"score":1e400}`, "```"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var out verdict
		err := decodeStrict(Response{Content: body}, verdictSchema.Schema, &out)
		if err == nil && out.Verdict == "" {
			t.Fatalf("accepted %q without a verdict", body)
		}
		if err != nil && !errors.Is(err, ErrInvalidOutput) {
			t.Fatalf("untyped error %v", err)
		}
	})
}
