package voice

import (
	"encoding/json"
	"testing"
)

// replySchema is built with the llm package's builders; the model must be
// sent byte for byte what the hand-written map sent, or PromptVersion
// would have to move.
func TestReplySchemaIsUnchanged(t *testing.T) {
	t.Parallel()
	// the literal as it was written before the builders, verbatim
	str := map[string]any{"type": "string"}
	old := map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"issues"},
		"properties": map[string]any{"issues": map[string]any{
			"type": "array",
			"items": map[string]any{
				"type": "object", "additionalProperties": false,
				"required":   []string{"passage", "guideline", "explanation", "suggestion"},
				"properties": map[string]any{"passage": str, "guideline": str, "explanation": str, "suggestion": str},
			},
		}},
	}
	const sent = `{"additionalProperties":false,"properties":{"issues":{"items":{"additionalProperties":false,"properties":{"explanation":{"type":"string"},"guideline":{"type":"string"},"passage":{"type":"string"},"suggestion":{"type":"string"}},"required":["passage","guideline","explanation","suggestion"],"type":"object"},"type":"array"}},"required":["issues"],"type":"object"}`
	built, err := json.Marshal(replySchema())
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	if string(built) != string(want) || string(built) != sent {
		t.Fatalf("schema changed:\nbuilt %s\nold   %s\nsent  %s", built, want, sent)
	}
}
