package calibrate

import (
	"math"
	"testing"
)

func old(doc string, flag float64) scored {
	return scored{kind: KindValue, doc: doc, old: true, flag: flag}
}

func cur(doc string, flag float64) scored {
	return scored{kind: KindValue, doc: doc, flag: flag, supported: flag < 0}
}

func TestMeasure(t *testing.T) {
	t.Parallel()
	ps := []scored{old("a", 0.9), old("a", 0.5), old("b", -1), cur("a", 0.6), cur("b", -1)}
	rows := []struct {
		name              string
		t                 float64
		caught, falseFlag int
		recall            float64
		precision         *float64 // nil: nothing flagged
	}{
		{"low threshold flags the current sentence too", 0.4, 2, 1, 2.0 / 3, ptr(2.0 / 3)},
		{"between", 0.7, 1, 0, 1.0 / 3, ptr(1)},
		{"above every probability", 0.95, 0, 0, 0, nil},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			m := measureAt(ps, r.t)
			if m.Caught != r.caught || m.FalseFlags != r.falseFlag || m.Old != 3 || m.Current != 2 {
				t.Fatalf("got %+v, want %d caught, %d false flags of 3 old, 2 current", m, r.caught, r.falseFlag)
			}
			if math.Abs(*m.Recall-r.recall) > 1e-9 {
				t.Errorf("recall %.3f, want %.3f", *m.Recall, r.recall)
			}
			if (m.Precision == nil) != (r.precision == nil) || m.Precision != nil && math.Abs(*m.Precision-*r.precision) > 1e-9 {
				t.Errorf("precision %v, want %v", m.Precision, r.precision)
			}
			if m.Supported != 1 {
				t.Errorf("%d current sentences supported, want 1", m.Supported)
			}
		})
	}
}

func ptr(f float64) *float64 { return &f }

func TestFit(t *testing.T) {
	t.Parallel()
	rows := []struct {
		name string
		ps   []scored
		def  float64
		want float64
		ok   bool
	}{
		{"lowers the threshold halfway to the next probability when precision allows",
			[]scored{old("a", 0.9), old("a", 0.6), old("b", 0.5), cur("a", 0.3), cur("b", -1)}, 0.8, 0.4, true},
		{"raises it above a current sentence it flagged",
			[]scored{old("a", 0.95), old("a", 0.9), cur("a", 0.7), cur("b", -1)}, 0.5, 0.8, true},
		{"keeps the model's when it is already best",
			[]scored{old("a", 0.9), cur("a", 0.3)}, 0.6, 0.6, true},
		{"no fit when nothing can be caught precisely",
			[]scored{old("a", 0.5), cur("a", 0.9), cur("b", 0.8)}, 0.6, 0.6, false},
		{"no fit without any conflict",
			[]scored{old("a", -1), cur("a", -1)}, 0.6, 0.6, false},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			got, ok := fit(r.ps, r.def)
			if ok != r.ok || math.Abs(got-r.want) > 1e-9 {
				t.Errorf("fit %.3f (ok %v), want %.3f (ok %v)", got, ok, r.want, r.ok)
			}
		})
	}
}

// Every document's pairs fall in one fold, the folds balance the pairs,
// and each pair is judged at the threshold fitted on the other fold.
func TestHeldOutByDocument(t *testing.T) {
	t.Parallel()
	ps := []scored{old("a", 0.9), cur("a", -1), old("a", 0.8), cur("a", -1), old("b", 0.7), cur("b", 0.2),
		old("c", 0.6), cur("c", -1), old("d", 0.55), cur("d", 0.1)}
	fold := folds(ps)
	var size [2]int
	for _, p := range ps {
		size[fold[p.doc]]++
	}
	if size[0] != 6 && size[1] != 6 {
		t.Errorf("folds of %v pairs, want 6 and 4", size)
	}
	ts, ok, at := heldOut(ps, 0.75)
	for _, p := range ps {
		if want := ts[1-fold[p.doc]]; at(p) != want {
			t.Errorf("pair of %s judged at %.3f, want the other fold's %.3f", p.doc, at(p), want)
		}
	}
	if !ok[0] || !ok[1] {
		t.Errorf("fits %v, want both folds fitted", ok)
	}
}

func TestNotWorse(t *testing.T) {
	t.Parallel()
	rows := []struct {
		name          string
		after, before Metrics
		want          bool
	}{
		{"better F1 at the same precision", Metrics{F1: 0.8, Precision: ptr(0.9)}, Metrics{F1: 0.6, Precision: ptr(0.9)}, true},
		{"lower F1", Metrics{F1: 0.5, Precision: ptr(1)}, Metrics{F1: 0.6, Precision: ptr(0.9)}, false},
		{"better F1, precision lower but above the floor", Metrics{F1: 0.8, Precision: ptr(0.86)}, Metrics{F1: 0.6, Precision: ptr(1)}, true},
		{"better F1, precision below the floor and lower", Metrics{F1: 0.8, Precision: ptr(0.7)}, Metrics{F1: 0.6, Precision: ptr(0.9)}, false},
		{"the model flagged nothing", Metrics{F1: 0.5, Precision: ptr(0.8)}, Metrics{}, true},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			if got := notWorse(r.after, r.before); got != r.want {
				t.Errorf("got %v, want %v", got, r.want)
			}
		})
	}
}
