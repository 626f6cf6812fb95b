package claims

import (
	"context"
	"strings"
	"testing"
)

// TestSlotNotesReachTheVerifyPrompt: the LLM engine is shown the fact
// slot a paraphrased passage states otherwise, with its chunk.
func TestSlotNotesReachTheVerifyPrompt(t *testing.T) {
	claims := []Claim{{Text: "We cover home internet costs of up to $50 a month."}}
	passages := []Passage{
		{DocID: "expenses", ChunkID: "expenses#0", Text: "Employees can claim up to $75 per month for home internet. Laptops are reviewed before shipping."},
		{DocID: "travel", ChunkID: "travel#0", Text: "Book travel through the portal two weeks ahead."},
	}
	notes, err := slotNotes(context.Background(), claims, passages)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || len(notes[0]) == 0 {
		t.Fatalf("no slot note: %+v", notes)
	}
	n := notes[0][0]
	if n.ChunkID != "expenses#0" || !strings.Contains(n.Differs, "$75") {
		t.Fatalf("note %+v, want expenses#0 saying $75", n)
	}
	prompt := verifyRequest(claims, nil, notes, passages).Messages[1].Content
	if !strings.Contains(prompt, "differs: ") || !strings.Contains(prompt, "expenses#0") {
		t.Fatalf("prompt lacks the slot note:\n%s", prompt)
	}
}
