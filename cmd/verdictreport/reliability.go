package main

import (
	"fmt"
	"math"

	"continuity/backend/claims"
)

// scoredVerdict is one gold claim's verdict with the confidence the engine
// gave it: what the reliability table reads.
type scoredVerdict struct {
	gold, got claims.Verdict
	conf      float64
}

// record counts one gold claim in the confusion matrix and keeps its
// confidence for the reliability table.
func (r *setResult) record(gold, got claims.Verdict, conf float64) {
	r.M.add(gold, got)
	r.scored = append(r.scored, scoredVerdict{gold, got, conf})
}

// aggregateConf is aggregate with the confidence of the verdict it
// returns: the most confident contradicted result, else the least
// confident result of the verdict (a claim split in several is as sure
// as its weakest part).
func aggregateConf(rs []claims.Result) (claims.Verdict, float64) {
	v := aggregate(rs)
	if v == missing {
		return v, math.NaN()
	}
	conf := math.NaN()
	for _, r := range rs {
		if r.Verdict != v {
			continue
		}
		switch {
		case math.IsNaN(conf):
			conf = r.Confidence
		case v == claims.Contradicted:
			conf = max(conf, r.Confidence)
		default:
			conf = min(conf, r.Confidence)
		}
	}
	return v, conf
}

// reliabilityBins are the confidence bins of the reliability table.
var reliabilityBins = []float64{0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001}

// reliabilityTable is the reliability diagram as a table: per predicted
// verdict and confidence bin, how many verdicts and how many were right,
// and the expected calibration error over all of them. A verdict with no
// confidence (a claim the engine produced no result for) is counted as
// not measured, never as a number.
func reliabilityTable(sv []scoredVerdict) (table, bool) {
	t := table{Title: "Reliability (predicted verdict, confidence bin: verdicts, share right, mean confidence)",
		Head: []string{"verdict", "bin", "n", "right", "mean conf"}}
	var ece float64
	n, unmeasured := 0, 0
	for _, v := range []claims.Verdict{claims.Supported, claims.Contradicted, claims.NotCovered} {
		for b := 0; b+1 < len(reliabilityBins); b++ {
			lo, hi := reliabilityBins[b], reliabilityBins[b+1]
			k, right, sum := 0, 0, 0.0
			for _, s := range sv {
				if s.got != v || math.IsNaN(s.conf) || s.conf < lo || s.conf >= hi {
					continue
				}
				k++
				sum += s.conf
				if s.gold == s.got {
					right++
				}
			}
			if k == 0 {
				continue
			}
			acc, mean := float64(right)/float64(k), sum/float64(k)
			ece += float64(k) * math.Abs(acc-mean)
			n += k
			t.Rows = append(t.Rows, []string{string(v), fmt.Sprintf("%.1f–%.1f", lo, min(hi, 1)), fmt.Sprint(k), fmt.Sprintf("%.2f", acc), fmt.Sprintf("%.2f", mean)})
		}
	}
	for _, s := range sv {
		if math.IsNaN(s.conf) {
			unmeasured++
		}
	}
	if n == 0 {
		return t, false
	}
	note := fmt.Sprintf("expected calibration error %.3f over %d verdicts", ece/float64(n), n)
	if unmeasured > 0 {
		note += fmt.Sprintf("; %d without a verdict not measured", unmeasured)
	}
	t.Rows = append(t.Rows, []string{"all", "", fmt.Sprint(n), "", note})
	return t, true
}

// supportedFloorTable shows what a confidence floor for supported would do:
// supported verdicts under it become not covered.
func supportedFloorTable(sv []scoredVerdict) table {
	t := table{Title: "Supported at a confidence floor (below it: not covered)", Head: []string{"floor", "supported P", "supported R", "predicted"}}
	gold := 0
	for _, s := range sv {
		if s.gold == claims.Supported {
			gold++
		}
	}
	for _, f := range []float64{0, 0.5, 0.6, 0.7, 0.8, 0.9} {
		pred, right := 0, 0
		for _, s := range sv {
			if s.got == claims.Supported && !math.IsNaN(s.conf) && s.conf >= f {
				pred++
				if s.gold == claims.Supported {
					right++
				}
			}
		}
		t.Rows = append(t.Rows, []string{fmt.Sprintf("%.1f", f), ratio(right, pred).String(), ratio(right, gold).String(), fmt.Sprint(pred)})
	}
	return t
}
