package verifier

import "math"

// Words gives a word's vector from the frozen word table, or false.
type Words interface {
	Vector(word string) ([]float32, bool)
}

// Side is one text of a pair, tokenized, with its flags against the other.
type Side struct {
	Tokens []Token
	Flags  []uint16
}

// Pair is a claim and a unit with the rule engine's pair features (in the
// order of Weights.PairNames).
type Pair struct {
	Claim, Unit Side
	Features    []float32
}

// NewPair tokenizes both texts and flags each against the other.
func NewPair(claim, unit []Token, features []float32, inTable func(string) bool) Pair {
	return Pair{
		Claim:    Side{claim, Flags(claim, unit, inTable)},
		Unit:     Side{unit, Flags(unit, claim, inTable)},
		Features: features,
	}
}

// Predict returns the class probabilities of each pair, in Classes order.
func (w *Weights) Predict(pairs []Pair, words Words) [][3]float64 {
	out := make([][3]float64, len(pairs))
	vec := newVecCache(w, words)
	for i, p := range pairs {
		out[i] = w.predict(p, vec)
	}
	return out
}

type vecCache struct {
	w     *Weights
	words Words
	m     map[string][]float32
}

func newVecCache(w *Weights, words Words) *vecCache {
	return &vecCache{w: w, words: words, m: map[string][]float32{}}
}

// Input keys of tokens without a word vector.
const (
	KeyUnknown = "<unk>"
	KeyNumber  = "<num>"
)

// InputKey is the word whose vector a token reads, or KeyNumber or
// KeyUnknown when the table has none for it (figures never have one).
func InputKey(t Token, words Words) string {
	if words != nil && !t.Sym && !(t.Num && isDigits(t.Word)) {
		if _, ok := words.Vector(t.Word); ok {
			return t.Word
		}
	}
	if t.Num {
		return KeyNumber
	}
	return KeyUnknown
}

// of is a token's input vector: its word vector (the number or unknown
// vector when it has none) followed by its flags.
func (c *vecCache) of(t Token, flags uint16, dst []float32) {
	e := c.w.Emb
	v, ok := c.m[t.Word]
	if !ok {
		switch k := InputKey(t, c.words); k {
		case KeyNumber:
			v = c.w.Special[e : 2*e]
		case KeyUnknown:
			v = c.w.Special[:e]
		default:
			v, _ = c.words.Vector(k)
		}
		c.m[t.Word] = v
	}
	copy(dst, v)
	for b := range NumFlags {
		dst[e+b] = float32((flags >> b) & 1)
	}
}

func isDigits(s string) bool {
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return s != ""
}

// encode is the side's convolved, rectified states, len(tokens)×H.
func (w *Weights) encode(s Side, vec *vecCache) [][]float32 {
	in := w.Emb + NumFlags
	n := len(s.Tokens)
	x := make([][]float32, n)
	for t := range n {
		x[t] = make([]float32, in)
		vec.of(s.Tokens[t], s.Flags[t], x[t])
	}
	h := make([][]float32, n)
	for t := range n {
		row := make([]float32, w.Hidden)
		for o := range w.Hidden {
			acc := w.ConvB[o]
			base := o * in * 3
			for k := range 3 {
				tt := t + k - 1
				if tt < 0 || tt >= n {
					continue
				}
				xr := x[tt]
				for c := range in {
					acc += w.ConvW[base+c*3+k] * xr[c]
				}
			}
			row[o] = max(acc, 0)
		}
		h[t] = row
	}
	return h
}

// attend returns, for every row of a, the softmax(a·bᵀ)-weighted mean of b.
func attend(a, b [][]float32) [][]float32 {
	out := make([][]float32, len(a))
	scores := make([]float64, len(b))
	for i, ai := range a {
		mx := math.Inf(-1)
		for j, bj := range b {
			scores[j] = float64(dot(ai, bj))
			mx = math.Max(mx, scores[j])
		}
		var sum float64
		for j := range scores {
			scores[j] = math.Exp(scores[j] - mx)
			sum += scores[j]
		}
		row := make([]float32, len(ai))
		for j, bj := range b {
			wj := float32(scores[j] / sum)
			for k, v := range bj {
				row[k] += wj * v
			}
		}
		out[i] = row
	}
	return out
}

func dot(a, b []float32) float32 {
	var s float32
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// compare maps each state and what it aligned to through the comparison
// layer and pools the results: mean then max, 2H values.
func (w *Weights) compare(h, al [][]float32) []float32 {
	H := w.Hidden
	mean := make([]float32, H)
	mx := make([]float32, H)
	z := make([]float32, 4*H)
	for t := range h {
		for k := range H {
			a, b := h[t][k], al[t][k]
			z[k], z[H+k], z[2*H+k], z[3*H+k] = a, b, a-b, a*b
		}
		for o := range H {
			v := max(w.CmpB[o]+dot(w.CmpW[o*4*H:(o+1)*4*H], z), 0)
			mean[o] += v
			mx[o] = max(mx[o], v)
		}
	}
	for o := range mean {
		mean[o] /= float32(max(len(h), 1))
	}
	return append(mean, mx...)
}

func (w *Weights) predict(p Pair, vec *vecCache) [3]float64 {
	H := w.Hidden
	var pooled []float32
	if len(p.Claim.Tokens) == 0 || len(p.Unit.Tokens) == 0 {
		pooled = make([]float32, 4*H)
	} else {
		hc, hu := w.encode(p.Claim, vec), w.encode(p.Unit, vec)
		pooled = append(w.compare(hc, attend(hc, hu)), w.compare(hu, attend(hu, hc))...)
	}
	for i, f := range p.Features {
		pooled = append(pooled, (f-w.PairMean[i])/w.PairStd[i])
	}
	hidden := make([]float32, w.MLP)
	in := len(pooled)
	for o := range w.MLP {
		hidden[o] = max(w.MLP1B[o]+dot(w.MLP1W[o*in:(o+1)*in], pooled), 0)
	}
	var logits [3]float64
	mx := math.Inf(-1)
	for c := range 3 {
		logits[c] = float64(w.OutB[c]+dot(w.OutW[c*w.MLP:(c+1)*w.MLP], hidden)) / w.Temperature
		mx = math.Max(mx, logits[c])
	}
	var sum float64
	for c := range logits {
		logits[c] = math.Exp(logits[c] - mx)
		sum += logits[c]
	}
	for c := range logits {
		logits[c] /= sum
	}
	return logits
}
