package evalrun

import (
	"math"

	"continuity/backend/eval"
	"continuity/backend/scorecard"
)

// bestEpsilon is how close to the top a mean must be to share "best".
const bestEpsilon = 1e-9

// compare fills each column's cells, marks the best mean of every metric
// and counts each configuration's wins and losses against the baseline.
func (x *Experiment) compare() {
	x.Best = map[string][]string{}
	var base *scorecard.Scorecard
	for _, c := range x.Columns {
		if c.Baseline {
			base = c.card
		}
	}
	for i := range x.Columns {
		c := &x.Columns[i]
		c.Metrics = map[string]Cell{}
		for _, m := range eval.AllMetrics {
			s := c.card.Metrics[string(m)]
			c.Metrics[string(m)] = Cell{Mean: s.Mean, Measured: s.Measured, NotMeasured: s.NotMeasured}
		}
		if !c.Baseline && base != nil {
			c.Versus = versus(scorecard.Compare(base, c.card, scorecard.DefaultTolerance))
		}
	}
	for _, m := range eval.AllMetrics {
		top := math.Inf(-1)
		for _, c := range x.Columns {
			if v := c.Metrics[string(m)].Mean; v != nil {
				top = math.Max(top, *v)
			}
		}
		if math.IsInf(top, -1) {
			continue // not measured anywhere: no best
		}
		for i := range x.Columns {
			cell := x.Columns[i].Metrics[string(m)]
			if cell.Mean != nil && *cell.Mean >= top-bestEpsilon {
				cell.Best = true
				x.Columns[i].Metrics[string(m)] = cell
				x.Best[string(m)] = append(x.Best[string(m)], x.Columns[i].Label)
			}
		}
	}
}

// versus rolls a diff up into question wins, losses and ties.
func versus(d scorecard.Diff) *Versus {
	v := &Versus{Wins: []string{}, Losses: []string{}}
	for _, q := range d.Questions {
		switch q.Movement {
		case scorecard.MoveImproved:
			v.Wins = append(v.Wins, q.QuestionID)
		case scorecard.MoveRegressed:
			v.Losses = append(v.Losses, q.QuestionID)
		default:
			v.Ties++
		}
	}
	return v
}
