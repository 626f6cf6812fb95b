package scorecard

import (
	"fmt"
	"html/template"
	"io"
	"sort"
	"strings"

	"continuity/backend/engine"
	"continuity/backend/eval"
)

// Meanings say in one line what each metric measures, for tiles and exports.
var Meanings = map[string]string{
	string(eval.Faithfulness):         "Share of the answer's claims that the retrieved passages support.",
	string(eval.AnswerRelevancy):      "How closely the answer addresses the question that was asked.",
	string(eval.ContextPrecision):     "Whether the useful passages are ranked at the top of the results.",
	string(eval.ContextRecall):        "Share of the approved answer that the retrieved passages contain.",
	string(eval.IDContextRecall):      "Share of the reference documents that retrieval found.",
	string(eval.IDContextPrecision):   "Share of the retrieved documents that are reference documents.",
	string(eval.SupportingLineRecall): "Whether a retrieved passage contains the exact supporting line.",
	string(eval.RefusalCorrectness):   "Whether questions the corpus does not cover were refused.",
	string(eval.SchemaValidity):       "Share of a target's replies with an answer, contexts and an id for each context.",
}

// Meaning is the one-line meaning of a metric for a run's engine: the offline
// variants measure the same thing by other means, and the tile must say so.
func Meaning(metric string, e engine.Engine) string {
	if e == engine.Offline && metric == string(eval.AnswerRelevancy) {
		return eval.OfflineRelevancyMeaning
	}
	return Meanings[metric]
}

// tileClass is the CSS class of a tile by the metric's status.
var tileClass = map[Status]string{StatusPass: "pass", StatusFail: "fail", StatusNotGated: "info", StatusNotMeasured: "none"}

type htmlTile struct {
	Name, Meaning, Status, Class, Mean, Threshold string
	Measured, NotMeasured, Flaky                  int
}

type htmlView struct {
	*Scorecard
	Tiles      []htmlTile
	Categories []string
	Metrics    []string
	Trend      *trendView
	CatSVG     template.HTML
	// Flags are each question's answer movement against the baseline,
	// by question ID; empty without a baseline.
	Flags map[string]QuestionChange
}

// trendView is the trend section: the chart and its values as a table.
type trendView struct {
	SVG     template.HTML
	Metrics []string
	Rows    []trendRow
}

type trendRow struct {
	RunID, Date string
	Values      []string
}

// WriteHTML writes a self-contained page: inline CSS and SVG, no scripts,
// no external URLs. html/template escapes every corpus and model string.
func WriteHTML(w io.Writer, sc *Scorecard, trend []TrendPoint) error {
	v := htmlView{Scorecard: sc, Metrics: metricNames(), Flags: map[string]QuestionChange{}}
	if sc.Baseline != nil {
		for _, q := range sc.Baseline.Questions {
			v.Flags[q.QuestionID] = q
		}
	}
	for _, name := range v.Metrics {
		s := sc.Metrics[name]
		st := s.Status()
		t := htmlTile{Name: name, Meaning: Meaning(name, sc.Run.Engine), Measured: s.Measured, NotMeasured: s.NotMeasured, Flaky: s.Flaky,
			Status: st.Label(), Class: tileClass[st], Mean: "not measured", Threshold: "none"}
		if s.Mean != nil {
			t.Mean = fmt.Sprintf("%.3f", *s.Mean)
		}
		if s.Threshold != nil {
			t.Threshold = fmt.Sprintf("%.2f", *s.Threshold)
		}
		v.Tiles = append(v.Tiles, t)
	}
	for c := range sc.Categories {
		v.Categories = append(v.Categories, c)
	}
	sort.Strings(v.Categories)
	if len(trend) > 1 {
		v.Trend = buildTrendView(trend, sc)
	}
	// CategorySVG escapes every string it draws.
	v.CatSVG = template.HTML(CategorySVG(sc)) //nolint:gosec // text escaped in CategorySVG

	if err := page.Execute(w, v); err != nil {
		return fmt.Errorf("write html scorecard: %w", err)
	}
	return nil
}

func buildTrendView(points []TrendPoint, sc *Scorecard) *trendView {
	svg := TrendSVG(points, sc)
	if svg == "" {
		return nil
	}
	t := &trendView{SVG: template.HTML(svg), Metrics: gatedMetrics(sc)} //nolint:gosec // text escaped in TrendSVG
	for _, p := range points {
		d, tm := runDate(p.StartedAt)
		r := trendRow{RunID: p.RunID, Date: strings.TrimSpace(d + " " + tm)}
		for _, m := range t.Metrics {
			val := "not measured"
			if f := p.Means[m]; f != nil {
				val = fmt.Sprintf("%.3f", *f)
			}
			r.Values = append(r.Values, val)
		}
		t.Rows = append(t.Rows, r)
	}
	return t
}

func clamp01(f float64) float64 { return max(0, min(1, f)) }

var page = template.Must(template.New("scorecard").Funcs(template.FuncMap{
	"score": func(m map[string]float64, k string) string {
		if v, ok := m[k]; ok {
			return fmt.Sprintf("%.2f", v)
		}
		return "–"
	},
	"mean": func(s MetricSummary) string {
		if s.Mean == nil {
			return "not measured"
		}
		return fmt.Sprintf("%.3f", *s.Mean)
	},
	"join": strings.Join,
	"yesno": func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	},
	"opt": func(p *float64) string {
		if p == nil {
			return "not measured"
		}
		return fmt.Sprintf("%.3f", *p)
	},
	"signed": func(p *float64) string {
		if p == nil {
			return "–"
		}
		return fmt.Sprintf("%+.3f", *p)
	},
}).Parse(pageTemplate))
