package verifier

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"continuity/backend/embed/glove"
	"continuity/backend/models"
)

// goldenPair is one candidate as scripts/train_verifier.py --golden wrote
// it, with the probabilities PyTorch gave it.
type goldenPair struct {
	Claim      []string  `json:"claim"`
	ClaimFlags []uint16  `json:"claim_flags"`
	Unit       []string  `json:"unit"`
	UnitFlags  []uint16  `json:"unit_flags"`
	Features   []float32 `json:"features"`
	Probs      []float64 `json:"probs"`
}

func tokensOf(words []string) []Token {
	out := make([]Token, len(words))
	for i, w := range words {
		switch w {
		case KeyNumber:
			out[i] = Token{Word: "7", Num: true}
		case KeyUnknown:
			out[i] = Token{Word: "\x00unknown"}
		default:
			out[i] = Token{Word: w}
		}
	}
	return out
}

// TestForwardMatchesPyTorch: the Go forward pass gives the trainer's
// probabilities for the shipped weights.
func TestForwardMatchesPyTorch(t *testing.T) {
	w, _, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var pairs []goldenPair
	if err := json.Unmarshal(b, &pairs); err != nil {
		t.Fatal(err)
	}
	if len(pairs) < 5 {
		t.Fatalf("only %d golden pairs", len(pairs))
	}
	p, err := models.Find("", models.GloVe)
	if err != nil {
		t.Fatalf("GloVe (run make models): %v", err)
	}
	g, err := glove.Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if g.Hash() != w.WordTable {
		t.Fatalf("weights were trained with word table %s, models/ has %s", w.WordTable, g.Hash())
	}
	for i, gp := range pairs {
		pair := Pair{Claim: Side{tokensOf(gp.Claim), gp.ClaimFlags}, Unit: Side{tokensOf(gp.Unit), gp.UnitFlags}, Features: gp.Features}
		got := w.Predict([]Pair{pair}, g)[0]
		for c := range 3 {
			if math.Abs(got[c]-gp.Probs[c]) > 1e-4 {
				t.Errorf("pair %d: class %s: Go %.6f, PyTorch %.6f", i, Classes[c], got[c], gp.Probs[c])
			}
		}
	}
}
