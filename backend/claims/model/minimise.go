package model

import (
	"fmt"
	"math"
)

// minimise runs gradient descent with a backtracking (Armijo) line search
// from zero. The log loss with an L2 term is smooth and convex, so this
// reaches the optimum without a general optimiser (gonum's would pull a
// new module into go.mod for a problem of a hundred parameters).
func minimise(f func(theta, grad []float64) float64, dim int) ([]float64, error) {
	theta := make([]float64, dim)
	grad := make([]float64, dim)
	next := make([]float64, dim)
	ngrad := make([]float64, dim)
	fx := f(theta, grad)
	step := 1.0
	for iter := 0; iter < 5000; iter++ {
		gg := 0.0
		for _, g := range grad {
			gg += g * g
		}
		if gg < 1e-14 {
			break
		}
		for {
			for i := range theta {
				next[i] = theta[i] - step*grad[i]
			}
			fn := f(next, ngrad)
			if fn <= fx-0.5*step*gg {
				copy(theta, next)
				copy(grad, ngrad)
				improved := fx - fn
				fx = fn
				step *= 1.5
				if improved < 1e-12 {
					return theta, nil
				}
				break
			}
			step /= 2
			if step < 1e-12 {
				return theta, nil
			}
		}
	}
	if math.IsNaN(fx) || math.IsInf(fx, 0) {
		return nil, fmt.Errorf("%w: the loss diverged", ErrInvalid)
	}
	return theta, nil
}
