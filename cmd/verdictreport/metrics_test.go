package main

import (
	"math"
	"testing"

	"continuity/backend/claims"
)

const (
	S = claims.Supported
	C = claims.Contradicted
	N = claims.NotCovered
)

// m builds a confusion matrix from (gold, predicted, count) rows.
func m(rows ...any) confusion {
	c := confusion{}
	for i := 0; i < len(rows); i += 3 {
		c[[2]claims.Verdict{rows[i].(claims.Verdict), rows[i+1].(claims.Verdict)}] += rows[i+2].(int)
	}
	return c
}

// nm is "not measured" in the expectations below.
var nm = math.NaN()

func same(got measure, want float64) bool {
	if math.IsNaN(want) {
		return !got.ok
	}
	return got.ok && math.Abs(got.v-want) < 1e-3
}

func TestLabelMetrics(t *testing.T) {
	type prf struct{ p, r, f float64 }
	tests := []struct {
		name       string
		m          confusion
		want       map[claims.Verdict]prf
		macro, acc float64
		missing    int
	}{
		{
			name:  "perfect",
			m:     m(S, S, 2, C, C, 3, N, N, 1),
			want:  map[claims.Verdict]prf{S: {1, 1, 1}, C: {1, 1, 1}, N: {1, 1, 1}},
			macro: 1, acc: 1,
		},
		{
			// S: tp 3 of 4 predicted, 4 gold; C: 2 of 3, 4 gold; N: 1 of 3, 2 gold.
			name:  "hand-made matrix",
			m:     m(S, S, 3, S, C, 1, C, C, 2, C, N, 2, N, S, 1, N, N, 1),
			want:  map[claims.Verdict]prf{S: {0.75, 0.75, 0.75}, C: {2.0 / 3, 0.5, 4.0 / 7}, N: {1.0 / 3, 0.5, 0.4}},
			macro: (0.75 + 4.0/7 + 0.4) / 3, acc: 0.6,
		},
		{
			// contradicted has gold claims but is never predicted: its
			// precision has no denominator, its recall (and so F1) is 0;
			// not covered has no gold claims and is left out of macro-F1.
			name:  "label never predicted",
			m:     m(S, S, 2, C, N, 2),
			want:  map[claims.Verdict]prf{S: {1, 1, 1}, C: {nm, 0, 0}, N: {0, nm, nm}},
			macro: 0.5, acc: 0.5,
		},
		{
			name:  "missing counts against recall, not as a prediction",
			m:     m(S, S, 1, S, missing, 1),
			want:  map[claims.Verdict]prf{S: {1, 0.5, 2.0 / 3}, C: {nm, nm, nm}, N: {nm, nm, nm}},
			macro: 2.0 / 3, acc: 0.5, missing: 1,
		},
		{
			name:  "empty",
			m:     confusion{},
			want:  map[claims.Verdict]prf{S: {nm, nm, nm}, C: {nm, nm, nm}, N: {nm, nm, nm}},
			macro: nm, acc: nm,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for l, w := range tt.want {
				s := tt.m.score(l)
				if !same(s.Precision, w.p) || !same(s.Recall, w.r) || !same(s.F1, w.f) {
					t.Errorf("%s: P/R/F1 = %s/%s/%s, want %v/%v/%v", l, s.Precision, s.Recall, s.F1, w.p, w.r, w.f)
				}
			}
			if got := tt.m.macroF1(); !same(got, tt.macro) {
				t.Errorf("macro-F1 = %s, want %v", got, tt.macro)
			}
			if got := tt.m.accuracy(); !same(got, tt.acc) {
				t.Errorf("accuracy = %s, want %v", got, tt.acc)
			}
			if got := tt.m.missingCount(); got != tt.missing {
				t.Errorf("missing = %d, want %d", got, tt.missing)
			}
		})
	}
}

func TestMeasureString(t *testing.T) {
	tests := []struct {
		name string
		m    measure
		want string
	}{
		{"not measured is words, not 0 or NaN", ratio(0, 0), "not measured"},
		{"zero is measured", ratio(0, 5), "0.00"},
		{"two decimals", ratio(2, 3), "0.67"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.String(); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestScoreTriples(t *testing.T) {
	g := []triple{{"1", "a", S}, {"1", "b", S}, {"2", "c", C}}
	tests := []struct {
		name      string
		pred      []triple
		p, r, f   float64
		tp, npred int
	}{
		{"all right", g, 1, 1, 1, 3, 3},
		{"wrong label is wrong", []triple{{"1", "a", C}, {"2", "c", C}}, 0.5, 1.0 / 3, 0.4, 1, 2},
		{"duplicates count once", []triple{{"1", "a", S}, {"1", "a", S}}, 1, 1.0 / 3, 0.5, 1, 1},
		{"nothing predicted", nil, nm, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scoreTriples(g, tt.pred)
			if !same(s.P, tt.p) || !same(s.R, tt.r) || !same(s.F1, tt.f) || s.TP != tt.tp || s.Pred != tt.npred {
				t.Errorf("got P %s R %s F1 %s tp %d pred %d", s.P, s.R, s.F1, s.TP, s.Pred)
			}
		})
	}
}

func TestAggregate(t *testing.T) {
	r := func(vs ...claims.Verdict) []claims.Result {
		var out []claims.Result
		for _, v := range vs {
			out = append(out, claims.Result{Verdict: v})
		}
		return out
	}
	tests := []struct {
		name string
		rs   []claims.Result
		want claims.Verdict
	}{
		{"nothing produced", nil, missing},
		{"any contradiction decides", r(S, C, N), C},
		{"all supported", r(S, S), S},
		{"one part not covered", r(S, N), N},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := aggregate(tt.rs); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
