package check

import (
	"context"
	"strings"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
)

// topicIndex answers a hybrid query with the hits of the first topic word
// it contains.
type topicIndex []struct {
	word string
	hits []retrieval.Hit
}

func (ix topicIndex) Search(_ context.Context, q string, _ int, _ retrieval.Mode) ([]retrieval.Hit, error) {
	for _, t := range ix {
		if strings.Contains(q, t.word) {
			return t.hits, nil
		}
	}
	return nil, nil
}

// What a not-covered card says was searched is what that paragraph's own
// query returned, even when two paragraphs read the same under different
// headings (guessing the query from the text could mix them up).
func TestSearchedIsWhatEachParagraphRetrieved(t *testing.T) {
	t.Parallel()
	hit := func(chunk, title string) retrieval.Hit {
		doc, _, _ := strings.Cut(chunk, "#")
		return retrieval.Hit{DocID: doc, ChunkID: chunk, Title: title, Text: title + " has no word on mascots."}
	}
	ix := topicIndex{
		{"Billing", []retrieval.Hit{hit("billing#0", "Billing"), hit("invoices#0", "Invoices"), hit("billing#1", "Billing")}},
		{"Security", []retrieval.Hit{hit("sso#0", "Single sign-on")}},
	}
	const draft = "# Billing\n\nOur mascot is a purple giraffe.\n\n# Security\n\nOur mascot is a purple giraffe.\n\n# Other\n\nOur mascot is a purple giraffe.\n"
	rep, err := CheckDraft(context.Background(), claims.NewOffline(), ix, draft, 3)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		paragraph int
		passages  int
		documents string
	}{
		{"billing section", 1, 3, "Billing; Invoices"},
		{"security section", 3, 1, "Single sign-on"},
		{"nothing retrieved", 5, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for _, cl := range rep.Claims {
				if cl.Paragraph != c.paragraph {
					continue
				}
				if cl.Searched.Passages != c.passages || strings.Join(cl.Searched.Documents, "; ") != c.documents || cl.Searched.Documents == nil {
					t.Fatalf("searched %+v, want %d passages in %q", cl.Searched, c.passages, c.documents)
				}
				return
			}
			t.Fatalf("no claim in paragraph %d: %+v", c.paragraph, rep.Claims)
		})
	}
}
