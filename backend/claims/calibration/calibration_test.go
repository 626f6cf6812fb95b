package calibration

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	m := &Map{Knots: map[string][][2]float64{"supported": {{0.5, 0.6}, {0.7, 0.9}, {0.9, 0.95}}}}
	cases := []struct {
		name    string
		verdict string
		p, want float64
	}{
		{"below the first knot is flat", "supported", 0.2, 0.6},
		{"on a knot", "supported", 0.7, 0.9},
		{"between knots is linear", "supported", 0.6, 0.75},
		{"above the last knot is flat", "supported", 0.99, 0.95},
		{"a verdict without knots is unchanged", "contradicted", 0.42, 0.42},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := m.Apply(c.verdict, c.p); math.Abs(got-c.want) > 1e-9 {
				t.Fatalf("Apply(%s, %v) = %v, want %v", c.verdict, c.p, got, c.want)
			}
		})
	}
	if got := (*Map)(nil).Apply("supported", 0.3); got != 0.3 {
		t.Fatalf("nil map changed 0.3 to %v", got)
	}
	if got := m.Apply("supported", math.NaN()); !math.IsNaN(got) {
		t.Fatalf("NaN became %v", got)
	}
}

func TestFitIsMonotoneAndBlocksAreLarge(t *testing.T) {
	// Right more often at higher probabilities, with noise: the fit must
	// still never go down, and no knot may stand for fewer than minBlock.
	var ss []Sample
	for i := range 200 {
		p := float64(i) / 200
		ss = append(ss, Sample{P: p, Right: (i*7919)%100 < int(100*p)})
	}
	k := Fit(map[string][]Sample{"contradicted": ss, "supported": ss[:5]})["contradicted"]
	if len(k) < 2 {
		t.Fatalf("%d knots, want several", len(k))
	}
	for i := 1; i < len(k); i++ {
		if k[i][0] < k[i-1][0] || k[i][1] < k[i-1][1] {
			t.Fatalf("knot %d %v after %v goes down", i, k[i], k[i-1])
		}
	}
	if k[0][1] < 0.02 || k[len(k)-1][1] > 0.98 {
		t.Fatalf("knots leave [0.02, 0.98]: %v", k)
	}
	if ks := Fit(map[string][]Sample{"supported": ss[:5]}); len(ks["supported"]) != 0 {
		t.Fatalf("5 samples fitted %v, want none (fewer than minBlock)", ks)
	}
}

func TestFitWeights(t *testing.T) {
	// Twenty wrong verdicts that count little against ten right ones that
	// count much: the block is mostly right.
	var ss []Sample
	for range 20 {
		ss = append(ss, Sample{P: 0.5, Weight: 0.1})
	}
	for range 10 {
		ss = append(ss, Sample{P: 0.5, Right: true, Weight: 1})
	}
	k := Fit(map[string][]Sample{"supported": ss})["supported"]
	if y := k[len(k)-1][1]; y < 0.8 {
		t.Fatalf("weighted share right %v, want above 0.8 (10 of 12 by weight)", y)
	}
}

func TestParse(t *testing.T) {
	cases := []struct {
		name, file, err string
	}{
		{"unknown key", `{"version":1,"knots":{},"extra":1}`, "unknown field"},
		{"wrong version", `{"version":2,"knots":{}}`, "version 2"},
		{"knots going down", `{"version":1,"knots":{"supported":[[0.5,0.9],[0.7,0.6]]}}`, "out of order"},
		{"above one", `{"version":1,"knots":{"supported":[[0.5,1.2]]}}`, "out of order or range"},
		{"good", `{"version":1,"knots":{"supported":[[0.5,0.6],[0.7,0.9]]}}`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.file))
			if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("Parse: %v, want %q", err, c.err)
			}
		})
	}
}

// The shipped map was fitted on development sets only (issue 27: no
// choice reads SciFact test, VitaminC test, or the pairs test and report
// splits), and it parses.
func TestShippedMapReadsNoHeldOutSet(t *testing.T) {
	m, hash, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(hash) != 12 || len(m.FittedOn) == 0 {
		t.Fatalf("hash %q, fitted on %v", hash, m.FittedOn)
	}
	for _, s := range m.FittedOn {
		if slices.Contains([]string{"pairs-test", "pairs-report", "scifact", "vitaminc"}, s) {
			t.Fatalf("the shipped calibration was fitted on the held-out set %s", s)
		}
	}
	if len(m.Knots["supported"]) == 0 || len(m.Knots["contradicted"]) == 0 {
		t.Fatalf("knots %v, want supported and contradicted", m.Knots)
	}
}
