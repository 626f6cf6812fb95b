package claims

import (
	"encoding/json"
	"testing"
)

// The reply schemas are built with the llm package's builders; what the
// model is sent must be byte for byte what the hand-written maps sent,
// or PromptDecomposeVersion and PromptVerifyVersion would have to move.
func TestReplySchemasAreUnchanged(t *testing.T) {
	t.Parallel()
	// the literals as they were written before the builders, verbatim
	str := func() map[string]any { return map[string]any{"type": "string"} }
	arr := func(items map[string]any) map[string]any { return map[string]any{"type": "array", "items": items} }
	obj := func(props map[string]any) map[string]any {
		req := make([]string, 0, len(props))
		for k := range props {
			req = append(req, k)
		}
		for i := 1; i < len(req); i++ {
			for j := i; j > 0 && req[j] < req[j-1]; j-- {
				req[j], req[j-1] = req[j-1], req[j]
			}
		}
		return map[string]any{"type": "object", "properties": props, "required": req, "additionalProperties": false}
	}
	cases := []struct {
		name     string
		built    map[string]any
		old      map[string]any
		oldBytes string
	}{
		{"claims_decompose", decomposeRequest("p").Schema.Schema,
			obj(map[string]any{"claims": arr(obj(map[string]any{"text": str(), "source": str()}))}),
			`{"additionalProperties":false,"properties":{"claims":{"items":{"additionalProperties":false,"properties":{"source":{"type":"string"},"text":{"type":"string"}},"required":["source","text"],"type":"object"},"type":"array"}},"required":["claims"],"type":"object"}`},
		{"claims_verify", verifyRequest(nil, nil, nil, nil).Schema.Schema,
			obj(map[string]any{"verdicts": arr(obj(map[string]any{
				"claim":       map[string]any{"type": "integer"},
				"verdict":     map[string]any{"type": "string", "enum": []string{"supported", "contradicted", "not_covered"}},
				"explanation": str(),
				"evidence":    arr(obj(map[string]any{"chunk_id": str(), "quote": str()})),
			}))}),
			`{"additionalProperties":false,"properties":{"verdicts":{"items":{"additionalProperties":false,"properties":{"claim":{"type":"integer"},"evidence":{"items":{"additionalProperties":false,"properties":{"chunk_id":{"type":"string"},"quote":{"type":"string"}},"required":["chunk_id","quote"],"type":"object"},"type":"array"},"explanation":{"type":"string"},"verdict":{"enum":["supported","contradicted","not_covered"],"type":"string"}},"required":["claim","evidence","explanation","verdict"],"type":"object"},"type":"array"}},"required":["verdicts"],"type":"object"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			built, err := json.Marshal(tc.built)
			if err != nil {
				t.Fatal(err)
			}
			old, err := json.Marshal(tc.old)
			if err != nil {
				t.Fatal(err)
			}
			if string(built) != string(old) || string(built) != tc.oldBytes {
				t.Fatalf("schema changed:\nbuilt %s\nold   %s\nsent  %s", built, old, tc.oldBytes)
			}
		})
	}
}
