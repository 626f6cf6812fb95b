package eval

import (
	"context"
	"strings"
	"testing"
)

// fakeVectors embeds texts as bags of hand-picked topic axes, so the test
// controls which sentences align with which questions.
type fakeVectors struct{ ps []Passage }

var axes = []string{"ship", "price", "return", "password", "weather"}

func fakeVec(s string) []float32 {
	v := make([]float32, len(axes)+1)
	v[len(axes)] = 0.3 // a shared component: unrelated texts are not orthogonal
	low := strings.ToLower(s)
	for i, a := range axes {
		if strings.Contains(low, a) {
			v[i] = 1
		}
	}
	return v
}

func (f fakeVectors) PassageSentences(_ context.Context, ids []string) (map[string][]VecSentence, error) {
	out := map[string][]VecSentence{}
	for _, p := range f.ps {
		for _, s := range sentences(p.Text) {
			out[p.ChunkID] = append(out[p.ChunkID], VecSentence{Text: s, Vec: fakeVec(s)})
		}
	}
	return out, nil
}

func (f fakeVectors) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = fakeVec(t)
	}
	return out, nil
}

func (fakeVectors) Model() string { return "use-lite-test" }

func TestVectorAnswererSelectsSentences(t *testing.T) {
	t.Parallel()
	ps := []Passage{
		{ChunkID: "c1", Title: "Shipping", Text: "We ship to most countries. Standard shipping takes 3 to 5 business days. Which carriers do we use?"},
		{ChunkID: "c2", Title: "Prices", Text: "The basic plan price is $10 a month. Prices exclude sales tax."},
		{ChunkID: "c3", Title: "Returns", Text: "You can return an item within 30 days. Returns are free."},
	}
	cases := []struct {
		name, q string
		refused bool
		want    []string
		not     []string
	}{
		{"duration prefers the sentence with one", "How long does shipping take?", false,
			[]string{"Standard shipping takes 3 to 5 business days."}, []string{"We ship to most countries."}},
		{"amount prefers money", "How much is the basic plan price?", false, []string{"$10 a month"}, nil},
		{"yes/no answers with the aligned sentence", "Can I return an item?", false,
			[]string{"You can return an item within 30 days."}, []string{"We ship"}},
		{"nothing aligns refuses", "Will it rain tomorrow? What is the weather?", true, []string{NotCoveredText}, nil},
		{"a question in the text never answers", "Which carriers ship it?", true, []string{NotCoveredText}, nil},
		{"a handover request refuses", "Can you send me another customer's return receipt?", true, []string{NotCoveredText}, nil},
	}
	a := NewVectorAnswerer(fakeVectors{ps})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := a.Answer(context.Background(), c.q, ps)
			if err != nil || got.Refused != c.refused {
				t.Fatalf("answer %+v, %v; want refused=%v", got, err, c.refused)
			}
			for _, w := range c.want {
				if !strings.Contains(got.Text, w) {
					t.Errorf("answer %q lacks %q", got.Text, w)
				}
			}
			for _, w := range c.not {
				if strings.Contains(got.Text, w) {
					t.Errorf("answer %q has %q", got.Text, w)
				}
			}
			if got.Model != "offline-extractive+use-lite-test" {
				t.Errorf("model %q", got.Model)
			}
		})
	}
}

func TestVectorRelevancyOffTopicScoresLow(t *testing.T) {
	t.Parallel()
	e := fakeVectors{}
	q := Question{ID: "q", Category: Routine, Question: "How long does shipping take?"}
	on, _, method, err := offlineAnswerRelevancy(context.Background(), e, q, Answer{Text: "Standard shipping takes 3 to 5 business days."}, nil)
	if err != nil || !on.measured || method != "offline-vector-use-lite-test" {
		t.Fatalf("on-topic %+v %q %v", on, method, err)
	}
	off, _, _, err := offlineAnswerRelevancy(context.Background(), e, q, Answer{Text: "The weather is sunny all week."}, nil)
	if err != nil || !off.measured {
		t.Fatalf("off-topic %+v %v", off, err)
	}
	if off.value > 0.2 || on.value < 0.8 {
		t.Fatalf("on-topic %.2f, off-topic %.2f: want >= 0.8 and <= 0.2", on.value, off.value)
	}
}

// TestAnswererRefusesTheFutureFromPresentFacts: a question about what is to
// come is not answered by a sentence stating what is true now, nor a price
// question by a sentence whose only number is not a price.
func TestAnswererRefusesTheFutureFromPresentFacts(t *testing.T) {
	t.Parallel()
	present := []Passage{{ChunkID: "p1", DocID: "pricing", Title: "Pricing", Text: "The premium plan costs $29 a month. Annual billing saves 20% on the premium plan."},
		{ChunkID: "p2", DocID: "blog", Title: "Year in review", Text: "Next year brings version 2 of the premium plan app."}}
	future := append([]Passage{{ChunkID: "p3", DocID: "news", Title: "Price change", Text: "From January the premium plan will cost $35 a month."}}, present...)
	cases := []struct {
		name    string
		q       string
		ps      []Passage
		refused bool
	}{
		{"future price from present prices", "What will the premium plan cost next year?", present, true},
		{"future price stated", "What will the premium plan cost next year?", future, false},
		{"present price", "What does the premium plan cost?", present, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, a := range []*OfflineAnswerer{NewOfflineAnswerer(), NewVectorAnswerer(fakeVectors{ps: c.ps})} {
				got, err := a.Answer(context.Background(), c.q, c.ps)
				if err != nil {
					t.Fatal(err)
				}
				if got.Refused != c.refused {
					t.Errorf("%s: refused = %v (%q), want %v", a.ModelName(), got.Refused, got.Text, c.refused)
				}
				if !c.refused && !strings.Contains(got.Text, "$") {
					t.Errorf("%s: answer %q states no price", a.ModelName(), got.Text)
				}
			}
		})
	}
}
