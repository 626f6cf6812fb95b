package claims

import (
	"strings"
	"testing"
)

// TestConflictNamesTheFigureInTheClaimsPlace: of several figures in one
// sentence, the explanation quotes the one whose neighbours are the
// claim's, not the first.
func TestConflictNamesTheFigureInTheClaimsPlace(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, claim, passage, says string }{
		{"a second figure shares the claim's words", "Uploads are kept for 45 days in the archive.",
			"Reports are kept for 7 days in the inbox and uploads are kept for 30 days in the archive.", "30 days"},
		{"a figure beside the claim's plan", "The Team plan allows up to 25 users.",
			"Starter allows 1 user and the Team plan allows up to 10 users.", "10"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := NewOffline().Verify(Claim{Text: c.claim}, []Passage{{DocID: "d", ChunkID: "d#0", Title: "Limits", Text: c.passage}})
			if r.Verdict != Contradicted || !strings.Contains(r.Explanation, "corpus says "+c.says+";") {
				t.Fatalf("%q: %s (%s); want contradicted saying %q", c.claim, r.Verdict, r.Explanation, c.says)
			}
		})
	}
}
