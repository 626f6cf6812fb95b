package uselite

import (
	"context"
	"testing"
)

func cosine(a, b []float32) float64 {
	var s float64
	for k := range a {
		s += float64(a[k]) * float64(b[k])
	}
	return s // both are unit length
}

// TestSimilaritySanity pins what the encoder is good for. Paraphrases
// score high and unrelated sentences low; a sentence and its negation score
// as high as a paraphrase, because an embedding aligns texts, it does not
// decide between them. Polarity has to come from elsewhere.
func TestSimilaritySanity(t *testing.T) {
	e := encoder(t)
	cases := []struct {
		name     string
		a, b     string
		min, max float64
	}{
		{"paraphrase cat", "A kitten was sitting on the rug", "A cat sat on the mat", 0.5, 1},
		{"paraphrase password", "How do I reset my password?", "What are the steps to change my password?", 0.5, 1},
		{"paraphrase meeting", "The meeting was postponed until next week.", "The meeting has been delayed to next week.", 0.5, 1},
		{"unrelated cat budget", "A cat sat on the mat", "The committee approved the budget for next year.", -1, 0.3},
		{"unrelated password flood", "How do I reset my password?", "The river flooded the village after the storm.", -1, 0.3},
		{"unrelated delivery penguins", "The supplier shall deliver the goods within thirty days.", "Penguins live in the southern hemisphere.", -1, 0.3},
		{"negation stays close", "Access to the database is mandatory for all staff.", "Access to the database is not mandatory for all staff.", 0.8, 1},
		{"antonym stays close", "Access to the database is mandatory for all staff.", "Access to the database is optional for all staff.", 0.8, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := e.Embed(context.Background(), []string{c.a, c.b})
			if err != nil {
				t.Fatal(err)
			}
			got := cosine(v[0], v[1])
			t.Logf("cos(%q, %q) = %.3f", c.a, c.b, got)
			if got < c.min || got > c.max {
				t.Errorf("cosine %.3f outside [%.2f, %.2f]", got, c.min, c.max)
			}
		})
	}
}
