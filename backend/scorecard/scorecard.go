package scorecard

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"continuity/backend/eval"
)

// Thresholds are per-metric pass marks, editable per golden set.
type Thresholds map[eval.Metric]float64

// DefaultThresholds are the release defaults; metrics without one are reported but not gated.
func DefaultThresholds() Thresholds {
	return Thresholds{eval.Faithfulness: 0.90, eval.AnswerRelevancy: 0.80, eval.ContextRecall: 0.80, eval.IDContextRecall: 0.80}
}

// MetricSummary is one metric over a set of questions. Mean, Threshold and
// Pass are null when there is nothing to report; Pass mirrors Status for
// the JSON contract.
type MetricSummary struct {
	Mean        *float64 `json:"mean"`
	Threshold   *float64 `json:"threshold"`
	Pass        *bool    `json:"pass"`
	Measured    int      `json:"measured"`
	NotMeasured int      `json:"not_measured"`
	Flaky       int      `json:"flaky"`
}

// Gate is the CI verdict: it fails on a metric below its threshold, on any
// question error, and on an incomplete run.
type Gate struct {
	Pass     bool     `json:"pass"`
	Failures []string `json:"failures"`
}

// QuestionRow is one line of the per-question table.
type QuestionRow struct {
	ID              string             `json:"id"`
	Category        string             `json:"category"`
	Question        string             `json:"question"`
	RetrievedDocIDs []string           `json:"retrieved_doc_ids"`
	Answer          string             `json:"answer"`
	Scores          map[string]float64 `json:"scores"`
	NotMeasured     map[string]string  `json:"not_measured"`
	Below           []string           `json:"below,omitempty"` // metrics under their threshold
	Flaky           []string           `json:"flaky,omitempty"`
	Error           string             `json:"error,omitempty"`
	// ApprovedAnswer and SupportingLine are the golden question's, kept
	// for the baseline diff (CheckAnswers); ReviewItem serializes them.
	ApprovedAnswer string `json:"-"`
	SupportingLine string `json:"-"`
	// ApprovedContradicted is set when the corpus contradicted the
	// approved answer as the run started: the question fails (Status).
	ApprovedContradicted *eval.ApprovedContradiction `json:"approved_contradicted,omitempty"`
}

// ReviewItem is a question a human should look at, with its evidence.
type ReviewItem struct {
	QuestionRow
	Reference string                 `json:"reference"`
	Retrieved []eval.Passage         `json:"retrieved"`
	Claims    []eval.ClaimVerdict    `json:"claims,omitempty"`
	Evidence  map[eval.Metric]string `json:"evidence,omitempty"`
	Why       []string               `json:"why"`
}

// Scorecard is a run's release report.
type Scorecard struct {
	Run        eval.Run                            `json:"run"`
	Metrics    map[string]MetricSummary            `json:"metrics"`
	Categories map[string]map[string]MetricSummary `json:"categories"`
	Gate       Gate                                `json:"gate"`
	Errors     int                                 `json:"errors"`
	Questions  []QuestionRow                       `json:"questions"`
	Review     []ReviewItem                        `json:"review"`
	Baseline   *Diff                               `json:"baseline,omitempty"`
	Warnings   []string                            `json:"warnings"` // what makes the numbers less than one measurement
}

// Build computes the scorecard of a run from its stored results.
func Build(run eval.Run, results []eval.QuestionResult, th Thresholds) *Scorecard {
	if th == nil {
		th = DefaultThresholds()
	}
	for _, r := range results { // the models that actually answered, when the caller did not say
		if run.AnswerModel == "" && r.AnswerModel != "" {
			run.AnswerModel = r.AnswerModel
		}
		if run.JudgeModel == "" && r.JudgeModel != "" {
			run.JudgeModel = r.JudgeModel
		}
	}
	sc := &Scorecard{Run: run, Categories: map[string]map[string]MetricSummary{}, Warnings: run.Warnings()}
	byCat := map[string][]eval.QuestionResult{}
	moved := approvedContradictions(run.ApprovedContradicted)
	for _, r := range results {
		byCat[string(r.Category)] = append(byCat[string(r.Category)], r)
		row := questionRow(r, th)
		row.ApprovedContradicted = moved[r.QuestionID]
		sc.Questions = append(sc.Questions, row)
		if r.Error != "" {
			sc.Errors++
		}
		if why := reviewReasons(r, row, th); len(why) > 0 {
			sc.Review = append(sc.Review, ReviewItem{QuestionRow: row, Reference: r.Reference, Retrieved: r.Retrieved,
				Claims: r.Claims, Evidence: r.Evidence, Why: why})
		}
	}
	sc.Metrics = summarise(results, th)
	for cat, rs := range byCat {
		sc.Categories[cat] = summarise(rs, th)
	}
	sc.Gate = gate(sc, run, len(results))
	return sc
}

func summarise(results []eval.QuestionResult, th Thresholds) map[string]MetricSummary {
	out := map[string]MetricSummary{}
	for _, m := range eval.AllMetrics {
		var s MetricSummary
		sum := 0.0
		for _, r := range results {
			if r.Error != "" {
				continue // counted in Errors; its metrics were never computed
			}
			if v, ok := r.Scores[m]; ok && !math.IsNaN(v.Value) && !math.IsInf(v.Value, 0) {
				s.Measured++
				sum += v.Value
				if v.Flaky {
					s.Flaky++
				}
			} else {
				s.NotMeasured++
			}
		}
		s.Threshold = thresholdOf(th, m)
		if s.Measured > 0 {
			mean := sum / float64(s.Measured)
			s.Mean = &mean
		}
		if st := s.Status(); st.Gated() {
			pass := st == StatusPass
			s.Pass = &pass
		}
		out[string(m)] = s
	}
	return out
}

func gate(sc *Scorecard, run eval.Run, n int) Gate {
	g := Gate{Failures: []string{}}
	for _, m := range eval.AllMetrics {
		s := sc.Metrics[string(m)]
		if s.Status() == StatusFail {
			g.Failures = append(g.Failures, fmt.Sprintf("%s mean %.3f is below its threshold %.2f", m, *s.Mean, *s.Threshold))
		}
	}
	for _, q := range sc.Questions {
		if q.ApprovedContradicted != nil {
			g.Failures = append(g.Failures, ApprovedContradictedFailure(q.ID, *q.ApprovedContradicted))
		}
	}
	if sc.Errors > 0 {
		g.Failures = append(g.Failures, fmt.Sprintf("%d question(s) failed with an error", sc.Errors))
	}
	switch {
	case n == 0:
		g.Failures = append(g.Failures, "no question was evaluated")
	case run.Questions > n:
		g.Failures = append(g.Failures, fmt.Sprintf("run is incomplete: %d of %d questions evaluated", n, run.Questions))
	}
	g.Pass = len(g.Failures) == 0
	return g
}

func questionRow(r eval.QuestionResult, th Thresholds) QuestionRow {
	row := QuestionRow{ID: r.QuestionID, Category: string(r.Category), Question: r.Question, RetrievedDocIDs: r.RetrievedDocIDs(),
		Answer: r.Answer, Scores: map[string]float64{}, NotMeasured: map[string]string{}, Error: r.Error,
		ApprovedAnswer: r.Reference, SupportingLine: r.SupportingLine}
	for m, s := range r.Scores {
		if math.IsNaN(s.Value) || math.IsInf(s.Value, 0) {
			row.NotMeasured[string(m)] = "non-finite value"
			continue
		}
		row.Scores[string(m)] = s.Value
		if v := s.Value; Judge(&v, thresholdOf(th, m)) == StatusFail {
			row.Below = append(row.Below, string(m))
		}
		if s.Flaky {
			row.Flaky = append(row.Flaky, string(m))
		}
	}
	for m, nm := range r.NotMeasured {
		row.NotMeasured[string(m)] = nm.Reason
	}
	sort.Strings(row.Below)
	sort.Strings(row.Flaky)
	return row
}

func reviewReasons(r eval.QuestionResult, row QuestionRow, th Thresholds) []string {
	var why []string
	if r.Error != "" {
		why = append(why, "error: "+r.Error)
	}
	if c := row.ApprovedContradicted; c != nil {
		why = append(why, ApprovedContradictedFailure(row.ID, *c))
	}
	for _, m := range row.Below {
		why = append(why, fmt.Sprintf("%s %.2f is below %.2f", m, row.Scores[m], th[eval.Metric(m)]))
	}
	if row.answeredUncovered() {
		why = append(why, "answered a question the corpus does not cover")
	}
	for _, m := range row.Flaky {
		why = append(why, m+" is flaky across judge repeats")
	}
	return slices.Compact(why)
}

func metricNames() []string {
	out := make([]string, len(eval.AllMetrics))
	for i, m := range eval.AllMetrics {
		out[i] = string(m)
	}
	return out
}
