package scorecard

import (
	"fmt"
	"sort"
	"strings"

	"continuity/backend/eval"
)

// Category chart geometry, in SVG user units.
const (
	catW, catLabel, catBarW  = 820, 190, 440
	catRow, catHead, catAxis = 18, 24, 40
)

// categoryOrder lists the scorecard's categories: routine, tricky, refuse, then the rest by name.
func categoryOrder(sc *Scorecard) []string {
	known := map[string]bool{}
	var out, rest []string
	for _, c := range []eval.Category{eval.Routine, eval.Tricky, eval.Refuse} {
		known[string(c)] = true
		if _, ok := sc.Categories[string(c)]; ok {
			out = append(out, string(c))
		}
	}
	for c := range sc.Categories {
		if !known[c] {
			rest = append(rest, c)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// categoryMetrics are the metrics drawn per category: the gated ones and
// refusal correctness, where measured.
func categoryMetrics(sc *Scorecard, ms map[string]MetricSummary) []string {
	var out []string
	for _, name := range metricNames() {
		s := ms[name]
		if s.Measured == 0 || s.Mean == nil {
			continue
		}
		if sc.Metrics[name].Threshold != nil || name == string(eval.RefusalCorrectness) {
			out = append(out, name)
		}
	}
	return out
}

// CategorySVG draws each golden-set category's metric means as horizontal
// bars on a 0–1 axis with ticks, the value at each bar's end and the
// threshold as a tick; a bar below its threshold is hatched and says so.
func CategorySVG(sc *Scorecard) string {
	cats := categoryOrder(sc)
	rows := 0
	for _, c := range cats {
		rows += len(categoryMetrics(sc, sc.Categories[c]))
	}
	if rows == 0 {
		return ""
	}
	h := len(cats)*catHead + rows*catRow + catAxis
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="cat-title">`+"\n", catW, h, catW, h)
	b.WriteString(`<title id="cat-title">Metric means by golden-set category for this run</title>` + "\n")
	b.WriteString(`<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
		`<rect width="6" height="6" fill="#cf222e"/><line x1="0" y1="0" x2="0" y2="6" stroke="#ff8182" stroke-width="3"/></pattern></defs>` + "\n")
	x := func(v float64) float64 { return catLabel + clamp01(v)*catBarW }
	yy := 0
	for _, c := range cats {
		ms := sc.Categories[c]
		names := categoryMetrics(sc, ms)
		if len(names) == 0 {
			continue
		}
		fmt.Fprintf(&b, `<text x="0" y="%d" font-size="12" font-weight="600">%s</text>`+"\n", yy+16, esc(c))
		yy += catHead
		for _, name := range names {
			s := ms[name]
			v := *s.Mean
			fill, note := "#1a7f37", ""
			if s.Threshold != nil && v < *s.Threshold {
				fill, note = "url(#hatch)", " below"
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" text-anchor="end">%s</text>`, catLabel-8, yy+12, esc(name))
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="12" fill="#eef0f3"/>`, catLabel, yy+2, catBarW)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="12" fill="%s"><title>%s · %s: %.3f (n = %d)</title></rect>`,
				catLabel, yy+2, x(v)-catLabel, fill, esc(c), esc(name), v, s.Measured)
			label := fmt.Sprintf("%.2f", v)
			if s.Threshold != nil {
				th := *s.Threshold
				fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#1f2328" stroke-width="2"/>`, x(th), x(th), yy, yy+16)
				label += fmt.Sprintf(" (≥ %.2f%s)", th, note)
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11">%s</text>`+"\n", catLabel+catBarW+8, yy+12, label)
			yy += catRow
		}
	}
	top := yy + 4
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#57606a"/>`+"\n", catLabel, catLabel+catBarW, top, top)
	for i := 0; i <= 5; i++ {
		v := float64(i) / 5
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#57606a"/><text x="%.1f" y="%d" font-size="11" text-anchor="middle">%.1f</text>`+"\n",
			x(v), x(v), top, top+4, x(v), top+16, v)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="11" text-anchor="middle">mean score (0–1) · black tick = threshold</text>`+"\n",
		catLabel+catBarW/2, top+32)
	b.WriteString("</svg>")
	return b.String()
}
