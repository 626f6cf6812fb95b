package eval

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
)

// The judges' reply schemas are built with the llm package's builders;
// the model must be sent byte for byte what the hand-written maps sent,
// or PromptVersions would have to move.
func TestReplySchemasAreUnchanged(t *testing.T) {
	t.Parallel()
	// the literals as they were written before the builders, verbatim
	object := func(props map[string]any, required ...string) map[string]any {
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	strT := map[string]any{"type": "string"}
	binaryT := map[string]any{"type": "integer", "enum": []int{0, 1}}
	arrayOf := func(item map[string]any) map[string]any { return map[string]any{"type": "array", "items": item} }
	old := map[string]map[string]any{
		"eval.answer":                  object(map[string]any{"answer": strT, "covered": map[string]any{"type": "boolean"}}, "answer", "covered"),
		"eval.faithfulness.statements": object(map[string]any{"statements": arrayOf(strT)}, "statements"),
		"eval.faithfulness.verdicts": object(map[string]any{"verdicts": arrayOf(object(map[string]any{"statement": strT, "reason": strT, "verdict": binaryT},
			"statement", "reason", "verdict"))}, "verdicts"),
		"eval.context_recall": object(map[string]any{"classifications": arrayOf(object(map[string]any{"statement": strT, "reason": strT, "attributed": binaryT},
			"statement", "reason", "attributed"))}, "classifications"),
		"eval.context_precision": object(map[string]any{"reason": strT, "useful": binaryT}, "reason", "useful"),
		"eval.answer_relevancy":  object(map[string]any{"question": strT, "noncommittal": binaryT}, "question", "noncommittal"),
	}
	if got, want := slices.Sorted(maps.Keys(replySchemas)), slices.Sorted(maps.Keys(PromptVersions)); !slices.Equal(got, want) {
		t.Fatalf("schemas for %v, prompts %v: every prompt needs exactly one", got, want)
	}
	for _, prompt := range slices.Sorted(maps.Keys(old)) {
		t.Run(prompt, func(t *testing.T) {
			t.Parallel()
			built, err := json.Marshal(replySchemas[prompt])
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.Marshal(old[prompt])
			if err != nil {
				t.Fatal(err)
			}
			if string(built) != string(want) {
				t.Fatalf("schema changed:\nbuilt %s\nold   %s", built, want)
			}
		})
	}
}
