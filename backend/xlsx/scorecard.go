package xlsx

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"

	"continuity/backend/eval"
	"continuity/backend/scorecard"
)

// Sheet names of the scorecard workbook.
const (
	scSummarySheet   = "Summary"
	scQuestionsSheet = "Questions"
	scReviewSheet    = "Review"
	scTrendSheet     = "Trend"
	scBaselineSheet  = "Baseline"
)

const scMetricRow = 10 // first metric row on the Summary sheet (header on row 9)

// WriteScorecard writes a scorecard workbook: summary tiles with pass/fail
// conditional formatting and a means-vs-thresholds chart, the per-question
// table with a colour scale, the review queue, the baseline diff and the
// trend with a line chart. Text from the corpus and models is written as
// string cells with a quote prefix on formula triggers (OWASP ASVS V1.2.10).
func WriteScorecard(w io.Writer, sc *scorecard.Scorecard, trend []scorecard.TrendPoint) (err error) {
	f := excelize.NewFile()
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	if err := f.SetSheetName("Sheet1", scSummarySheet); err != nil {
		return fmt.Errorf("scorecard workbook: %w", err)
	}
	steps := []func(*excelize.File, *scorecard.Scorecard) error{scWriteSummary, scWriteQuestions, scWriteReview, scWriteBaseline}
	for _, step := range steps {
		if err := step(f, sc); err != nil {
			return fmt.Errorf("scorecard workbook: %w", err)
		}
	}
	if len(trend) > 0 {
		if err := scWriteTrend(f, trend); err != nil {
			return fmt.Errorf("scorecard workbook: %w", err)
		}
	}
	if _, err := f.WriteTo(w); err != nil {
		return fmt.Errorf("scorecard workbook: %w", err)
	}
	return nil
}

// scText makes corpus or model text safe for a shared spreadsheet.
func scText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r\x00", rune(s[0])) {
		s = "'" + s
	}
	if len(utf16.Encode([]rune(s))) > excelize.TotalCellChars {
		const mark = " …[truncated for Excel]"
		r := []rune(s)
		for len(utf16.Encode(r)) > excelize.TotalCellChars-len(mark) {
			r = r[:len(r)*9/10]
		}
		s = string(r) + mark
	}
	return s
}

func scCell(col, row int) string {
	c, _ := excelize.CoordinatesToCellName(col, row) // col, row ≥ 1 by construction
	return c
}

func scRow(f *excelize.File, sheet string, row int, vals ...any) error {
	for i, v := range vals {
		if s, ok := v.(string); ok {
			v = scText(s)
			if err := setText(f, sheet, scCell(i+1, row), v.(string)); err != nil {
				return err
			}
			continue
		}
		if err := f.SetCellValue(sheet, scCell(i+1, row), v); err != nil {
			return err
		}
	}
	return nil
}

func scHeader(f *excelize.File, sheet string, row int, names ...string) error {
	vals := make([]any, len(names))
	for i, n := range names {
		vals[i] = n
	}
	if err := scRow(f, sheet, row, vals...); err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"F6F8FA"}}})
	if err != nil {
		return err
	}
	return f.SetCellStyle(sheet, scCell(1, row), scCell(len(names), row), bold)
}

func scOpt(p *float64) any {
	if p == nil {
		return "not measured"
	}
	return *p
}

func scWriteSummary(f *excelize.File, sc *scorecard.Scorecard) error {
	sh := scSummarySheet
	gate := "PASS"
	if !sc.Gate.Pass {
		gate = "FAIL: " + strings.Join(sc.Gate.Failures, "; ")
	}
	corpus := sc.Run.CorpusFingerprint
	for _, c := range sc.Run.CorpusChanges { // a resume scored the rest against another corpus
		corpus += " → " + c.Fingerprint + " (resumed " + c.ResumedAt + ")"
	}
	info := [][]any{
		{"Run", sc.Run.ID}, {"Golden set", sc.Run.GoldenSet + " " + sc.Run.GoldenVersion}, {"Engine", sc.Run.Engine},
		{"Answer model", sc.Run.AnswerModel}, {"Judge model", sc.Run.JudgeModel}, {"Corpus", corpus},
		{"Gate", gate}, {"Errors", sc.Errors},
	}
	for i, r := range info {
		if err := scRow(f, sh, i+1, r...); err != nil {
			return err
		}
	}
	if err := scHeader(f, sh, scMetricRow-1, "Metric", "Mean", "Threshold", "Result", "Measured", "Not measured", "Flaky", "What it means"); err != nil {
		return err
	}
	row := scMetricRow
	for _, m := range eval.AllMetrics {
		s := sc.Metrics[string(m)]
		if err := scRow(f, sh, row, string(m), scOpt(s.Mean), scOpt(s.Threshold), s.Status().Label(), s.Measured, s.NotMeasured, s.Flaky, scorecard.Meaning(string(m), sc.Run.Engine)); err != nil {
			return err
		}
		row++
	}
	last := row - 1
	if err := scPassFail(f, sh, fmt.Sprintf("B%d:B%d", scMetricRow, last), fmt.Sprintf("$D%d", scMetricRow)); err != nil {
		return err
	}
	_ = f.SetColWidth(sh, "A", "A", 24)
	_ = f.SetColWidth(sh, "H", "H", 70)
	cats := fmt.Sprintf("%s!$A$%d:$A$%d", sh, scMetricRow, last)
	return f.AddChart(sh, "J2", &excelize.Chart{
		Type: excelize.Col,
		Series: []excelize.ChartSeries{
			{Name: fmt.Sprintf("%s!$B$%d", sh, scMetricRow-1), Categories: cats, Values: fmt.Sprintf("%s!$B$%d:$B$%d", sh, scMetricRow, last)},
			{Name: fmt.Sprintf("%s!$C$%d", sh, scMetricRow-1), Categories: cats, Values: fmt.Sprintf("%s!$C$%d:$C$%d", sh, scMetricRow, last)},
		},
		Title:  excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: "Metric means against thresholds"}}},
		Legend: excelize.ChartLegend{Position: "bottom"},
		YAxis:  excelize.ChartAxis{Minimum: ptrF(0), Maximum: ptrF(1)},
	})
}

func ptrF(v float64) *float64 { return &v }

// scPassFail colours a mean green or red by the Result cell beside it, so
// the sheet shows the scorecard's own verdict (scorecard.Judge) and never
// a second comparison of its own.
func scPassFail(f *excelize.File, sheet, rng, result string) error {
	green, err := f.NewConditionalStyle(&excelize.Style{Font: &excelize.Font{Color: "1A7F37", Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DAFBE1"}}})
	if err != nil {
		return err
	}
	red, err := f.NewConditionalStyle(&excelize.Style{Font: &excelize.Font{Color: "CF222E", Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFEBE9"}}})
	if err != nil {
		return err
	}
	return f.SetConditionalFormat(sheet, rng, []excelize.ConditionalFormatOptions{
		// excelize takes a formula rule's expression in Criteria
		{Type: "formula", Criteria: fmt.Sprintf("%s=%q", result, scorecard.StatusPass.Label()), Format: &green},
		{Type: "formula", Criteria: fmt.Sprintf("%s=%q", result, scorecard.StatusFail.Label()), Format: &red},
	})
}
