package model

import (
	"errors"
	"fmt"
	"math"
)

// Example is one training row: features, gold class index (see Classes)
// and a sample weight.
type Example struct {
	X      []float64
	Y      int
	Weight float64
}

// ErrNoData means there was nothing to train on.
var ErrNoData = errors.New("model: no training examples")

// Train fits a multinomial logistic regression by gradient descent on the
// weighted log loss plus l2/2 times the squared weights (intercepts are
// not penalised). Features are standardised first, so l2 treats them
// alike whatever their range.
func Train(exs []Example, features []string, featureVersion string, l2 float64) (*Weights, error) {
	if len(exs) == 0 {
		return nil, ErrNoData
	}
	n := len(features)
	for i, e := range exs {
		if len(e.X) != n || e.Y < 0 || e.Y >= len(Classes) {
			return nil, fmt.Errorf("%w: example %d has %d features and class %d", ErrInvalid, i, len(e.X), e.Y)
		}
	}
	mean, scale := standardise(exs, n)
	z := make([][]float64, len(exs))
	for i, e := range exs {
		z[i] = make([]float64, n)
		for j, v := range e.X {
			z[i][j] = (v - mean[j]) / scale[j]
		}
	}
	k := len(Classes)
	dim := k * (n + 1)
	loss := func(theta, grad []float64) float64 {
		for i := range grad {
			grad[i] = 0
		}
		total, wsum := 0.0, 0.0
		p := make([]float64, k)
		for i, e := range exs {
			best := math.Inf(-1)
			for c := range k {
				row := theta[c*(n+1) : (c+1)*(n+1)]
				s := row[n]
				for j, v := range z[i] {
					s += row[j] * v
				}
				p[c] = s
				best = math.Max(best, s)
			}
			sum := 0.0
			for c := range k {
				p[c] = math.Exp(p[c] - best)
				sum += p[c]
			}
			w := e.Weight
			wsum += w
			total -= w * (math.Log(p[e.Y]/sum + 1e-300))
			for c := range k {
				d := w * (p[c]/sum - b2f(c == e.Y))
				g := grad[c*(n+1) : (c+1)*(n+1)]
				for j, v := range z[i] {
					g[j] += d * v
				}
				g[n] += d
			}
		}
		for i := range grad {
			grad[i] /= wsum
		}
		total /= wsum
		for c := range k {
			for j := range n {
				t := theta[c*(n+1)+j]
				total += l2 / 2 * t * t
				grad[c*(n+1)+j] += l2 * t
			}
		}
		return total
	}
	theta, err := minimise(loss, dim)
	if err != nil {
		return nil, err
	}
	w := &Weights{FeatureVersion: featureVersion, Features: append([]string(nil), features...), Classes: append([]string(nil), Classes...),
		Mean: mean, Scale: scale, W: make([][]float64, k), Manifest: Manifest{L2: l2}}
	for c := range k {
		w.W[c] = append([]float64(nil), theta[c*(n+1):(c+1)*(n+1)]...)
	}
	return w, nil
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// standardise returns each feature's weighted mean and standard deviation;
// a constant feature gets scale 1 so it contributes nothing but stays
// valid.
func standardise(exs []Example, n int) (mean, scale []float64) {
	mean, scale = make([]float64, n), make([]float64, n)
	wsum := 0.0
	for _, e := range exs {
		wsum += e.Weight
		for j, v := range e.X {
			mean[j] += e.Weight * v
		}
	}
	for j := range mean {
		mean[j] /= wsum
	}
	for _, e := range exs {
		for j, v := range e.X {
			d := v - mean[j]
			scale[j] += e.Weight * d * d
		}
	}
	for j := range scale {
		scale[j] = math.Sqrt(scale[j] / wsum)
		if scale[j] < 1e-9 {
			scale[j] = 1
		}
	}
	return mean, scale
}
