package claims

import "continuity/backend/embed/glove"

// wordTable is GloVe as the verifier reads it; without GloVe every word is
// unknown to it and the model leans on its flags and pair features.
type wordTable struct{ g *glove.Model }

func (r *Resources) wordTable() wordTable { return wordTable{r.GloVe} }

func (t wordTable) Vector(w string) ([]float32, bool) {
	if t.g == nil {
		return nil, false
	}
	return t.g.Vector(w)
}

func (t wordTable) Has(w string) bool {
	if t.g == nil {
		return false
	}
	_, ok := t.g.Rank(w)
	return ok
}
