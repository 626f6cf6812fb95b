package main

import (
	"math"
	"strings"
	"testing"

	"continuity/backend/claims"
)

func TestReliabilityTable(t *testing.T) {
	s, c, n := claims.Supported, claims.Contradicted, claims.NotCovered
	cases := []struct {
		name    string
		in      []scoredVerdict
		ok      bool
		rows    int    // bins with verdicts, plus the "all" row
		note    string // in the "all" row
		binRows []string
	}{
		{name: "nothing scored", ok: false},
		{name: "only missing verdicts", in: []scoredVerdict{{s, missing, math.NaN()}}, ok: false},
		{
			name: "two bins and a missing verdict",
			in: []scoredVerdict{
				{s, s, 0.95}, {n, s, 0.92}, // 0.9–1.0: half right, mean 0.935 (gap 0.435 × 2; 0.45 × 1 below)
				{c, c, 0.55}, // 0.5–0.6: right
				{s, missing, math.NaN()},
			},
			ok: true, rows: 3,
			note:    "expected calibration error 0.440 over 3 verdicts; 1 without a verdict not measured",
			binRows: []string{"supported 0.9–1.0 2 0.50 0.94", "contradicted 0.5–0.6 1 1.00 0.55"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tab, ok := reliabilityTable(tc.in)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if !ok {
				return
			}
			if len(tab.Rows) != tc.rows {
				t.Fatalf("%d rows, want %d: %v", len(tab.Rows), tc.rows, tab.Rows)
			}
			for i, want := range tc.binRows {
				if got := strings.Join(tab.Rows[i], " "); got != want {
					t.Errorf("row %d = %q, want %q", i, got, want)
				}
			}
			if got := tab.Rows[len(tab.Rows)-1][4]; got != tc.note {
				t.Errorf("note = %q, want %q", got, tc.note)
			}
		})
	}
}

func TestSupportedFloorTable(t *testing.T) {
	s, n := claims.Supported, claims.NotCovered
	tab := supportedFloorTable([]scoredVerdict{{s, s, 0.9}, {n, s, 0.55}, {s, n, 0.7}})
	want := map[string]string{"0.0": "0.50 0.50 2", "0.6": "1.00 0.50 1", "0.9": "1.00 0.50 1"}
	for _, r := range tab.Rows {
		if w, ok := want[r[0]]; ok && strings.Join(r[1:], " ") != w {
			t.Errorf("floor %s: %v, want %s", r[0], r[1:], w)
		}
	}
	empty := supportedFloorTable(nil)
	if empty.Rows[0][1] != "not measured" {
		t.Errorf("no supported verdicts: precision %q, want not measured", empty.Rows[0][1])
	}
}

func TestAggregateConf(t *testing.T) {
	r := func(v claims.Verdict, c float64) claims.Result { return claims.Result{Verdict: v, Confidence: c} }
	cases := []struct {
		name string
		in   []claims.Result
		want claims.Verdict
		conf float64
	}{
		{"most confident contradiction", []claims.Result{r(claims.Supported, 0.9), r(claims.Contradicted, 0.7), r(claims.Contradicted, 0.8)}, claims.Contradicted, 0.8},
		{"weakest support", []claims.Result{r(claims.Supported, 0.9), r(claims.Supported, 0.6)}, claims.Supported, 0.6},
		{"not covered part", []claims.Result{r(claims.Supported, 0.9), r(claims.NotCovered, 0.4)}, claims.NotCovered, 0.4},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, c := aggregateConf(tc.in)
			if v != tc.want || c != tc.conf {
				t.Fatalf("got %s %.2f, want %s %.2f", v, c, tc.want, tc.conf)
			}
		})
	}
	if v, c := aggregateConf(nil); v != missing || !math.IsNaN(c) {
		t.Fatalf("no results: %s %v, want missing NaN", v, c)
	}
}

func TestFitCalibrationRefusesHeldOutSets(t *testing.T) {
	cases := []struct {
		name, sets string
		ok         bool
	}{
		{"development sets", "pairs-train,handbook,handbook-drafts,sample", true},
		{"pairs test is held out", "pairs-train,pairs-test", false},
		{"pairs report is held out", "pairs-report", false},
		{"scifact is held out", "handbook,scifact", false},
		{"vitaminc is held out", "vitaminc", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseFlags([]string{"-sets", tc.sets, "-fit-calibration", t.TempDir() + "/c.json"})
			if (err == nil) != tc.ok {
				t.Fatalf("parseFlags: %v, want ok=%v", err, tc.ok)
			}
		})
	}
}
