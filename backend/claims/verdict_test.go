package claims

import (
	"context"
	"strings"
	"testing"
)

// The learned decision on Wikipedia-style sentences: a contradicted
// verdict names both values and quotes the deciding sentence; without a
// conflicting statement the engine abstains; a swapped name never
// supports; every verdict carries the model's probability.
func TestModelVerdicts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, claim, title, passage string
		want                        Verdict
		not                         Verdict // when want is "", the verdict must not be this
		mention                     []string
	}{
		{name: "changed height", claim: "Mount Everest is 9,849 metres tall.", title: "Mountains",
			passage: "Mount Everest is 8,849 metres tall, the highest mountain above sea level.", want: Contradicted,
			mention: []string{"8,849", "9,849", "Mount Everest is 8,849 metres tall"}},
		{name: "changed year", claim: "The Eiffel Tower was completed in 1899.", title: "Eiffel Tower",
			passage: "The Eiffel Tower was completed in 1889 for the World's Fair.", want: Contradicted,
			mention: []string{"1889", "1899"}},
		{name: "paraphrase", claim: "Canberra is the capital of Australia.", title: "Australia",
			passage: "Canberra is the capital city of Australia.", want: Supported},
		{name: "no conflicting statement, no accusation", claim: "The Danube flows into the Black Sea.", title: "Danube",
			passage: "The Danube is the second-longest river in Europe.", not: Contradicted},
		{name: "negated rule against every", claim: "Guest Wi-Fi is not available in the Annex building.", title: "Campus guide",
			passage: "Guest Wi-Fi is available in every building on campus.", want: Contradicted,
			mention: []string{"Guest Wi-Fi is available in every building"}},
		{name: "another subject never contradicts", claim: "Guest Wi-Fi is not available in the Annex building.", title: "Campus guide",
			passage: "Printing is available in every building on campus.", not: Contradicted},
		{name: "a hyphenated number word is no quantity", claim: "Two-factor authentication is required for every staff account.", title: "Accounts",
			passage: "Two-factor authentication is required for every staff account.", want: Supported},
		{name: "swapped name never supports", claim: "Employees must use Concur to book hotels for official travel.", title: "Travel",
			passage: "Employees must use FedRooms to book hotels for official travel.", not: Supported},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := NewOffline().Verify(Claim{Text: c.claim}, []Passage{{DocID: "d", ChunkID: "d#0", Title: c.title, Text: c.passage}})
			if (c.want != "" && r.Verdict != c.want) || (c.not != "" && r.Verdict == c.not) {
				t.Fatalf("%s (want %q, not %q): %s", r.Verdict, c.want, c.not, r.Explanation)
			}
			if r.Confidence <= 0 || r.Confidence > 1 {
				t.Fatalf("confidence %v", r.Confidence)
			}
			for _, m := range c.mention {
				if !strings.Contains(r.Explanation, m) {
					t.Fatalf("explanation %q does not mention %q", r.Explanation, m)
				}
			}
		})
	}
}

// sentenceSearch is one passage whose sentences have stored vectors:
// the claim and the sentence share a vector when their first words do.
type sentenceSearch struct{ text string }

func (s sentenceSearch) Search(context.Context, string, int) ([]Passage, error) {
	return []Passage{{DocID: "d", ChunkID: "d#0", Title: "Rivers", Text: s.text}}, nil
}

func vecOf(text string) []float32 {
	if strings.HasPrefix(text, "The Rhine") {
		return []float32{1, 0}
	}
	return []float32{0, 1}
}

func (s sentenceSearch) Sentences(_ context.Context, ids []string) (map[string][]Sentence, error) {
	out := map[string][]Sentence{}
	for _, sp := range SplitSentences(s.text) {
		out["d#0"] = append(out["d#0"], Sentence{Start: sp.Start, End: sp.End, Text: sp.Text, Vec: vecOf(sp.Text)})
	}
	return out, nil
}

func (s sentenceSearch) EmbedSentences(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = vecOf(t)
	}
	return out, nil
}

// Report.Model names the engine version and the model hash, and says
// which signals a check ran without.
func TestReportNamesModelAndDegradation(t *testing.T) {
	t.Parallel()
	draft := "The Rhine flows into the North Sea."
	passage := "The Rhine flows into the North Sea. The Seine flows through Paris."
	cases := []struct {
		name      string
		search    Searcher
		resources *Resources
		want      []string
		wantNot   []string
	}{
		{"stored sentence vectors", sentenceSearch{passage}, nil, []string{"offline-" + OfflineVersion + "+verdict-v2-"}, []string{"no sentence vectors"}},
		{"no vectors, no word models", onePassage(passage), &Resources{}, []string{"degraded: no sentence vectors, no GloVe, no WordNet"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := NewOffline()
			e.Resources = c.resources
			rep, err := e.Check(context.Background(), draft, c.search)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(rep.Model, w) {
					t.Fatalf("model %q lacks %q", rep.Model, w)
				}
			}
			for _, w := range c.wantNot {
				if strings.Contains(rep.Model, w) {
					t.Fatalf("model %q says %q", rep.Model, w)
				}
			}
			if len(rep.Results) != 1 || rep.Results[0].Verdict != Supported {
				t.Fatalf("results %+v", rep.Results)
			}
		})
	}
}

type onePassage string

func (p onePassage) Search(context.Context, string, int) ([]Passage, error) {
	return []Passage{{DocID: "d", ChunkID: "d#0", Title: "Rivers", Text: string(p)}}, nil
}
