package scorecard

import (
	"fmt"
	"html"
	"strings"
	"time"
)

// svgLine is one metric's series style: a colour and a dash pattern, so a
// line is told apart without colour too.
type svgLine struct{ colour, dash string }

var svgStyles = []svgLine{{"#1f6feb", ""}, {"#8250df", "7 4"}, {"#9a6700", "2 3"}, {"#1a7f37", "9 3 2 3"},
	{"#bf3989", "4 2"}, {"#cf222e", "1 2"}, {"#57606a", "6 2 1 2"}, {"#0a3069", "3 6"}}

// Trend chart geometry, in SVG user units.
const (
	trendW, trendH           = 820, 300
	trendL, trendR, trendTop = 52, 200, 14
	trendBottom              = 64 // date + time labels and the axis title
)

// gatedMetrics are the scorecard's metrics with a threshold, in report order.
func gatedMetrics(sc *Scorecard) []string {
	var out []string
	for _, name := range metricNames() {
		if sc.Metrics[name].Threshold != nil {
			out = append(out, name)
		}
	}
	return out
}

// runDate splits an RFC 3339 start time into a date and a time label.
func runDate(started string) (string, string) {
	t, err := time.Parse(time.RFC3339, started)
	if err != nil {
		return started, ""
	}
	t = t.UTC()
	return t.Format("2006-01-02"), t.Format("15:04")
}

func esc(s string) string { return html.EscapeString(s) }

// TrendSVG draws the gated metrics' means across runs (oldest first) on a
// 0–1 axis with ticks, run dates on the x axis, dashed threshold lines, a
// legend and each point's value (also as a <title> tooltip). No scripts.
func TrendSVG(points []TrendPoint, sc *Scorecard) string {
	metrics := gatedMetrics(sc)
	if len(points) < 2 || len(metrics) == 0 {
		return ""
	}
	plotW, plotH := float64(trendW-trendL-trendR), float64(trendH-trendTop-trendBottom)
	x := func(i int) float64 { return trendL + float64(i)*plotW/float64(len(points)-1) }
	y := func(v float64) float64 { return trendTop + (1-clamp01(v))*plotH }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-labelledby="trend-title">`+"\n",
		trendW, trendH, trendW, trendH)
	fmt.Fprintf(&b, `<title id="trend-title">Gated metric means over %d runs, %s to %s</title>`+"\n",
		len(points), esc(points[0].StartedAt), esc(points[len(points)-1].StartedAt))
	for i := 0; i <= 5; i++ {
		v := float64(i) / 5
		fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#d0d7de"/>`+
			`<text x="%d" y="%.1f" text-anchor="end" font-size="11">%.1f</text>`+"\n", trendL, trendL+plotW, y(v), y(v), trendL-6, y(v)+4, v)
	}
	fmt.Fprintf(&b, `<text x="14" y="%.1f" font-size="11" transform="rotate(-90 14 %.1f)" text-anchor="middle">metric mean (0–1)</text>`+"\n",
		trendTop+plotH/2, trendTop+plotH/2)
	every := (len(points) + 7) / 8 // at most 8 date labels
	for i, p := range points {
		if i%every != 0 && i != len(points)-1 {
			continue
		}
		d, tm := runDate(p.StartedAt)
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#57606a"/>`+
			`<text x="%.1f" y="%.1f" text-anchor="middle" font-size="11">%s<tspan x="%.1f" dy="13">%s</tspan></text>`+"\n",
			x(i), x(i), trendTop+plotH, trendTop+plotH+4, x(i), trendTop+plotH+16, esc(d), x(i), esc(tm))
	}
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="11">run start (UTC), oldest first</text>`+"\n",
		trendL+plotW/2, trendH-6)
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%.1f" stroke="#57606a"/>`+
		`<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#57606a"/>`+"\n",
		trendL, trendL, trendTop, trendTop+plotH, trendL, trendL+plotW, trendTop+plotH, trendTop+plotH)
	for i, name := range metrics {
		st := svgStyles[i%len(svgStyles)]
		th := *sc.Metrics[name].Threshold
		fmt.Fprintf(&b, `<line x1="%d" x2="%.1f" y1="%.1f" y2="%.1f" stroke="%s" stroke-opacity=".55" stroke-dasharray="3 3"><title>%s threshold %.2f</title></line>`+"\n",
			trendL, trendL+plotW, y(th), y(th), st.colour, esc(name), th)
		var pts []string
		var marks strings.Builder
		for j, p := range points {
			m := p.Means[name]
			if m == nil {
				continue
			}
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(j), y(*m)))
			fmt.Fprintf(&marks, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s · %s: %.3f</title></circle>`+"\n",
				x(j), y(*m), st.colour, esc(p.StartedAt), esc(name), *m)
		}
		fmt.Fprintf(&b, `<g class="series" data-metric="%s"><polyline fill="none" stroke="%s" stroke-width="2" stroke-dasharray="%s" points="%s"/>`+"\n%s</g>\n",
			esc(name), st.colour, st.dash, strings.Join(pts, " "), marks.String())
		// legend on the right: line sample, name, latest value and threshold
		ly := trendTop + 10 + i*36
		last := "not measured"
		if m := points[len(points)-1].Means[name]; m != nil {
			last = fmt.Sprintf("%.3f", *m)
		}
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2" stroke-dasharray="%s"/>`+
			`<text x="%d" y="%d" font-size="11">%s<tspan x="%d" dy="13">now %s · ≥ %.2f</tspan></text>`+"\n",
			trendW-trendR+10, trendW-trendR+28, ly, ly, st.colour, st.dash, trendW-trendR+32, ly+4, esc(name), trendW-trendR+32, last, th)
	}
	b.WriteString("</svg>")
	return b.String()
}
