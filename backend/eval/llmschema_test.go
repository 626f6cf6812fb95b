package eval

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"
)

// The judges' reply schemas are built with the llm package's builders;
// for prompts whose version stayed at v1 the model must be sent byte for
// byte what the hand-written maps sent. The one-call faithfulness and
// answer relevancy replies changed shape, so they are v2 (below).
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
		"eval.answer": object(map[string]any{"answer": strT, "covered": map[string]any{"type": "boolean"}}, "answer", "covered"),
		"eval.context_recall": object(map[string]any{"classifications": arrayOf(object(map[string]any{"statement": strT, "reason": strT, "attributed": binaryT},
			"statement", "reason", "attributed"))}, "classifications"),
	}
	if got, want := slices.Sorted(maps.Keys(replySchemas)), slices.Sorted(maps.Keys(PromptVersions)); !slices.Equal(got, want) {
		t.Fatalf("schemas for %v, prompts %v: every prompt needs exactly one", got, want)
	}
	for _, prompt := range slices.Sorted(maps.Keys(old)) {
		if PromptVersions[prompt] != "v1" {
			t.Fatalf("%s is %s; the literal above is v1's", prompt, PromptVersions[prompt])
		}
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

// A prompt that replaced the calls of an older one must not reuse its
// version: runs judged one way and the other are told apart by it.
func TestMergedPromptsMovedTheirVersion(t *testing.T) {
	t.Parallel()
	cases := []struct {
		prompt, want string
		replaces     []string
	}{
		{"eval.faithfulness", "v2", []string{"eval.faithfulness.statements", "eval.faithfulness.verdicts"}},
		{"eval.answer_relevancy", "v2", []string{"eval.answer_relevancy"}},
		{"eval.context_recall_precision", "v1", []string{"eval.context_recall", "eval.context_precision"}},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			t.Parallel()
			if got := PromptVersions[c.prompt]; got != c.want {
				t.Fatalf("version %q, want %q", got, c.want)
			}
			for _, old := range c.replaces {
				if old != c.prompt && old != "eval.context_recall" && PromptVersions[old] != "" {
					t.Fatalf("%s is still a prompt; its calls are part of %s now", old, c.prompt)
				}
			}
		})
	}
}
