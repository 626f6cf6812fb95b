package claims

import (
	"strings"
	"testing"
)

func TestEmbedHeadsCutsOnlyLongClaims(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("Widget costs $3\n", 100) // 300 words
	prose := strings.Repeat("word ", maxEmbedWords-1) + "end."
	got := embedHeads([]string{prose, long})
	if got[0] != prose {
		t.Errorf("a sentence of %d words was cut: %q", maxEmbedWords, got[0])
	}
	if n := len(strings.Fields(got[1])); n != maxEmbedWords || !strings.HasPrefix(long, got[1]) {
		t.Errorf("the list kept %d words (want %d) or is not its own head: %q", n, maxEmbedWords, got[1])
	}
	if len(strings.Fields(long)) != 300 {
		t.Fatal("embedHeads changed its input")
	}
}
