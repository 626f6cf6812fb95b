package main

import (
	"errors"
	"math"
	"slices"
	"testing"
)

func TestParseAlphas(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []float64
		wantErr  error
	}{
		{"list with spaces", "0.7, 0.85,1", []float64{0.7, 0.85, 1}, nil},
		{"out of range", "0.5,1.2", nil, errAlphaRange},
		{"not a number", "0.5,x", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseAlphas(tc.in)
			switch {
			case tc.wantErr != nil:
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
			case tc.want == nil:
				if err == nil {
					t.Fatalf("%q parsed as %v, want an error", tc.in, got)
				}
			case err != nil || !slices.Equal(got, tc.want):
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

func TestRankingMetrics(t *testing.T) {
	rel := map[string]bool{"a": true, "b": true, "c": false}
	for _, tc := range []struct {
		name       string
		docs       []string
		ndcg, rec2 float64
	}{
		{"ideal", []string{"a", "b", "x"}, 1, 1},
		{"none", []string{"x", "y"}, 0, 0},
		{"one at rank 2", []string{"x", "a"}, (1 / math.Log2(3)) / (1 + 1/math.Log2(3)), 0.5},
		{"judged non-relevant counts as miss", []string{"c", "x"}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := ndcgAt(tc.docs, rel, 10); math.Abs(got-tc.ndcg) > 1e-12 {
				t.Errorf("nDCG@10 = %g, want %g", got, tc.ndcg)
			}
			if got := recallAt(tc.docs, rel, 2); math.Abs(got-tc.rec2) > 1e-12 {
				t.Errorf("recall@2 = %g, want %g", got, tc.rec2)
			}
		})
	}
}
