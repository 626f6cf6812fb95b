package eval_test

import (
	"context"
	"sort"
	"testing"

	"continuity/backend/embed/uselite/uselitetest"
	"continuity/backend/eval"
)

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// auc is the probability that a matched pair outscores a mismatched one.
func auc(pos, neg []float64) float64 {
	win := 0.0
	for _, p := range pos {
		for _, n := range neg {
			switch {
			case p > n:
				win++
			case p == n:
				win += 0.5
			}
		}
	}
	return win / float64(len(pos)*len(neg))
}

// TestVectorRelevancyCalibration measures the USE-lite cosine of matched
// (question, approved answer) pairs of the sample golden set against
// mismatched ones (a question with another question's approved answer),
// and checks that the calibrated mapping separates them.
func TestVectorRelevancyCalibration(t *testing.T) {
	t.Parallel()
	enc := uselitetest.Cached(t)
	rows := answerable(t)
	ctx := context.Background()
	var texts []string
	for _, r := range rows {
		texts = append(texts, r.Question, r.ApprovedAnswer)
	}
	vs, err := enc.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	var cosM, cosX, matched, mismatched, mScore, xScore []float64
	for i, q := range rows {
		for j, a := range rows {
			c := eval.Cosine(vs[2*i], vs[2*j+1])
			f := eval.RelevancyFeature(c, q.Question, a.ApprovedAnswer, nil)
			s := eval.CalibratedRelevancy(c, q.Question, a.ApprovedAnswer, nil)
			if i == j {
				cosM, matched, mScore = append(cosM, c), append(matched, f), append(mScore, s)
			} else {
				cosX, mismatched, xScore = append(cosX, c), append(mismatched, f), append(xScore, s)
			}
		}
	}
	t.Logf("USE-lite cosine(question, answer), %d approved answers, %d mismatched pairs: matched median %.3f, mismatched median %.3f, AUC %.3f",
		len(rows), len(cosX), median(cosM), median(cosX), auc(cosM, cosX))
	t.Logf("feature (cosine + 0.3 x focus/kind): matched median %.3f, mismatched median %.3f, AUC %.3f",
		median(matched), median(mismatched), auc(matched, mismatched))
	t.Logf("calibrated: matched mean %.3f median %.3f, mismatched mean %.3f median %.3f", mean(mScore), median(mScore), mean(xScore), median(xScore))
	if a := auc(matched, mismatched); a < 0.9 {
		t.Errorf("AUC %.3f, want >= 0.90", a)
	}
	if m := median(mScore); m < 0.95 {
		t.Errorf("matched answers' median score %.3f, want about 1 (the calibration's upper anchor)", m)
	}
	if m := median(xScore); m > 0.05 {
		t.Errorf("mismatched answers' median score %.3f, want about 0 (the calibration's lower anchor)", m)
	}
	off := "Our office dog is called Biscuit and loves long walks in the park."
	ov, err := enc.Embed(ctx, []string{rows[0].Question, off})
	if err != nil {
		t.Fatal(err)
	}
	if s := eval.CalibratedRelevancy(eval.Cosine(ov[0], ov[1]), rows[0].Question, off, nil); s > 0.2 {
		t.Errorf("off-topic answer %q to %q scores %.3f, want <= 0.2", off, rows[0].Question, s)
	}
	if m := mean(xScore); m > 0.25 {
		t.Errorf("mismatched answers score %.3f on average, want <= 0.25", m)
	}
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}
