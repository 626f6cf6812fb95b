package audit

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"continuity/backend/claims"
)

// A page whose refund line sits in a sentence too long to read whole (a
// price list with no full stop) is audited piece by piece, and the
// conflict found in a piece says so (issue 29: the audit path carries
// cut_sentence as check does).
func TestAuditFlagsAConflictInACutSentence(t *testing.T) {
	t.Parallel()
	root := copyCorpus(t)
	// 396 words of list, then the refund line: the sentence is over
	// MaxSentenceWords, so it is cut at the last ";" and the refund line is
	// a piece of its own.
	var b strings.Builder
	b.WriteString("---\nid: price-list\ntitle: Price list\npublished: 2023-05-02\n---\n\n")
	for i := range 99 {
		b.WriteString("item " + strings.Repeat("x", 1+i%5) + " costs extra; ")
	}
	b.WriteString("you can request a full refund within 14 days of any payment to Tallyhub.\n")
	if err := os.WriteFile(filepath.Join(root, "content", "help", "price-list.md"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// Only the price list is audited (against every page): the rest of the
	// sample agrees with itself, and a whole audit costs 30 s under -race.
	rep, err := Run(context.Background(), openSession(t, root), Options{Docs: []string{"price-list"}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range rep.Conflicts {
		for _, s := range []*Statement{&c.A, &c.B} {
			if s.DocID == "price-list" && strings.Contains(s.Quote, "14 days") {
				found = true
				if !slices.Contains(s.Flags, claims.FlagCutSentence) {
					t.Errorf("the statement from the cut sentence has no %s flag: %+v", claims.FlagCutSentence, *s)
				}
			} else if len(s.Flags) > 0 {
				t.Errorf("a statement from a whole sentence is flagged: %+v", *s)
			}
		}
	}
	if !found {
		t.Fatalf("the 14-day refund line in the long sentence was not reported; conflicts: %s", describe(rep.Conflicts))
	}
}
