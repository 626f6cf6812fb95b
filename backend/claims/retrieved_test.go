package claims

import (
	"context"
	"strings"
	"testing"
)

// byTopic answers a query with the passages whose key word it contains, so
// each paragraph retrieves something different.
type byTopic map[string][]Passage

func (b byTopic) Search(_ context.Context, q string, _ int) ([]Passage, error) {
	for word, ps := range b {
		if strings.Contains(q, word) {
			return ps, nil
		}
	}
	return nil, nil
}

// Both engines record what each paragraph's own query returned, keyed by
// paragraph index: callers show "searched N passages" from it instead of
// guessing which query belonged to which paragraph.
func TestReportRecordsEachParagraphsRetrieval(t *testing.T) {
	t.Parallel()
	refund := Passage{DocID: "refunds", ChunkID: "refunds#0", Title: "Refund policy", Text: "Refunds are available within 30 days."}
	price := Passage{DocID: "pricing", ChunkID: "pricing#0", Title: "Pricing", Text: "The Team plan costs $29 a month."}
	plans := Passage{DocID: "plans", ChunkID: "plans#0", Title: "Plans", Text: "The Team plan has 10 seats."}
	search := byTopic{"Refunds": {refund}, "Team": {price, plans}}
	const draft = "# News\n\nRefunds are available within 14 days.\n\nThe Team plan costs $35 a month."
	cases := []struct {
		name   string
		engine Engine
	}{
		{"offline", NewOffline()},
		{"llm", NewLLM(fakeCompleter{verify: `{"verdicts":[{"claim":0,"verdict":"not_covered","explanation":"x","evidence":[]}]}`})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			rep, err := c.engine.Check(context.Background(), draft, search)
			if err != nil {
				t.Fatal(err)
			}
			got := map[int][]string{}
			for para, ps := range rep.Retrieved {
				for _, p := range ps {
					got[para] = append(got[para], p.ChunkID)
				}
			}
			want := map[int]string{1: "refunds#0", 2: "pricing#0 plans#0"}
			if len(got) != len(want) {
				t.Fatalf("retrieved %v, want paragraphs %v", got, want)
			}
			for para, ids := range want {
				if strings.Join(got[para], " ") != ids {
					t.Errorf("paragraph %d retrieved %v, want %s", para, got[para], ids)
				}
			}
		})
	}
}
