package xlsx

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"continuity/backend/eval"
	"continuity/backend/scorecard"
)

func scWriteQuestions(f *excelize.File, sc *scorecard.Scorecard) error {
	sh := scQuestionsSheet
	if _, err := f.NewSheet(sh); err != nil {
		return err
	}
	head := []string{"ID", "Category", "Question", "Answer", "Retrieved doc IDs", "Below threshold", "Error", "Approved answer contradicted"}
	first := len(head) + 1
	for _, m := range eval.AllMetrics {
		head = append(head, string(m))
	}
	lastMetric := len(head)
	if sc.Baseline != nil { // the answer's movement against the baseline, as in the app and JUnit
		head = append(head, "Answer changed", "Contradicts approved answer", "Contradicted claims")
	}
	if err := scHeader(f, sh, 1, head...); err != nil {
		return err
	}
	for i, q := range sc.Questions {
		contradicted := ""
		if c := q.ApprovedContradicted; c != nil {
			contradicted = scorecard.ApprovedContradictedFailure(q.ID, *c)
		}
		vals := []any{q.ID, q.Category, q.Question, q.Answer, strings.Join(q.RetrievedDocIDs, ", "), strings.Join(q.Below, ", "), q.Error, contradicted}
		for _, m := range eval.AllMetrics {
			if v, ok := q.Scores[string(m)]; ok {
				vals = append(vals, v)
			} else if r, ok := q.NotMeasured[string(m)]; ok {
				vals = append(vals, "not measured: "+r)
			} else {
				vals = append(vals, "")
			}
		}
		if sc.Baseline != nil {
			ch, _ := sc.Baseline.ChangeOf(q.ID)
			vals = append(vals, scYesNo(ch.AnswerChanged), scYesNo(ch.ContradictsApproved), strings.Join(ch.ContradictedClaims, "\n"))
		}
		if err := scRow(f, sh, i+2, vals...); err != nil {
			return err
		}
	}
	if err := f.AutoFilter(sh, fmt.Sprintf("A1:%s", scCell(len(head), max(2, len(sc.Questions)+1))), nil); err != nil {
		return err
	}
	if err := f.SetPanes(sh, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	_ = f.SetColWidth(sh, "C", "D", 50)
	if len(sc.Questions) == 0 {
		return nil
	}
	rng := fmt.Sprintf("%s:%s", scCell(first, 2), scCell(lastMetric, len(sc.Questions)+1))
	return f.SetConditionalFormat(sh, rng, []excelize.ConditionalFormatOptions{{
		Type: "3_color_scale", Criteria: "=", MinType: "num", MidType: "num", MaxType: "num",
		MinValue: "0", MidValue: "0.7", MaxValue: "1", MinColor: "#F8696B", MidColor: "#FFEB84", MaxColor: "#63BE7B",
	}})
}

func scWriteReview(f *excelize.File, sc *scorecard.Scorecard) error {
	sh := scReviewSheet
	if _, err := f.NewSheet(sh); err != nil {
		return err
	}
	if err := scHeader(f, sh, 1, "ID", "Category", "Why", "Question", "Answer", "Reference", "Retrieved chunks (rank order)", "Claims"); err != nil {
		return err
	}
	for i, r := range sc.Review {
		var chunks, claims []string
		for k, p := range r.Retrieved {
			chunks = append(chunks, fmt.Sprintf("%d. %s (%s): %s", k+1, p.ChunkID, p.DocID, p.Text))
		}
		for _, c := range r.Claims {
			claims = append(claims, c.Verdict+": "+c.Claim)
		}
		if err := scRow(f, sh, i+2, r.ID, r.Category, strings.Join(r.Why, "; "), r.Question, r.Answer, r.Reference,
			strings.Join(chunks, "\n"), strings.Join(claims, "\n")); err != nil {
			return err
		}
	}
	return f.SetColWidth(sh, "C", "H", 45)
}

// scWriteBaseline writes each metric's mean movement, then every score
// that moved beyond the tolerance and the new errors, as scorecard.Compare
// classified them.
func scWriteBaseline(f *excelize.File, sc *scorecard.Scorecard) error {
	d := sc.Baseline
	if d == nil {
		return nil
	}
	sh := scBaselineSheet
	if _, err := f.NewSheet(sh); err != nil {
		return err
	}
	if err := scRow(f, sh, 1, "Baseline run", d.BaselineRunID); err != nil {
		return err
	}
	if err := scHeader(f, sh, 3, "Metric", "Baseline mean", "Current mean", "Change", "Movement"); err != nil {
		return err
	}
	row := 4
	for _, m := range d.Metrics {
		if err := scRow(f, sh, row, m.Metric, scOpt(m.Baseline), scOpt(m.Current), scDelta(m.Delta), string(m.Movement)); err != nil {
			return err
		}
		row++
	}
	row++
	if err := scHeader(f, sh, row, "Question", "Metric", "Baseline", "Current", "Change", "Movement"); err != nil {
		return err
	}
	row++
	for _, set := range []struct {
		kind scorecard.Movement
		cs   []scorecard.Change
	}{{scorecard.MoveRegressed, d.Regressions}, {scorecard.MoveImproved, d.Improvements}} {
		for _, c := range set.cs {
			if err := scRow(f, sh, row, c.QuestionID, c.Metric, c.Baseline, c.Current, c.Delta, string(set.kind)); err != nil {
				return err
			}
			row++
		}
	}
	for _, id := range d.NewErrors {
		if err := scRow(f, sh, row, id, "", "", "", "", string(scorecard.MoveRegressed)+": new error"); err != nil {
			return err
		}
		row++
	}
	for _, q := range d.Questions {
		if !q.ContradictsApproved {
			continue
		}
		why := string(scorecard.MoveRegressed) + ": " + scorecard.ContradictionFailure(q.QuestionID, q.Confidence)
		if err := scRow(f, sh, row, q.QuestionID, "", "", "", "", why, strings.Join(q.ContradictedClaims, "\n")); err != nil {
			return err
		}
		row++
	}
	return nil
}

func scYesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func scDelta(p *float64) any {
	if p == nil {
		return ""
	}
	return *p
}

func scWriteTrend(f *excelize.File, trend []scorecard.TrendPoint) error {
	sh := scTrendSheet
	if _, err := f.NewSheet(sh); err != nil {
		return err
	}
	head := []string{"Run", "Started", "Engine", "Gate", "Errors"}
	first := len(head) + 1
	for _, m := range eval.AllMetrics {
		head = append(head, string(m))
	}
	if err := scHeader(f, sh, 1, head...); err != nil {
		return err
	}
	for i, p := range trend {
		gate := "FAIL"
		if p.GatePass {
			gate = "PASS"
		}
		vals := []any{p.RunID, p.StartedAt, p.Engine, gate, p.Errors}
		for _, m := range eval.AllMetrics {
			if v := p.Means[string(m)]; v != nil {
				vals = append(vals, *v)
			} else {
				vals = append(vals, "") // blank, so the line skips it instead of plotting 0
			}
		}
		if err := scRow(f, sh, i+2, vals...); err != nil {
			return err
		}
	}
	last := len(trend) + 1
	var series []excelize.ChartSeries
	for c := first; c <= len(head); c++ {
		col, _ := excelize.ColumnNumberToName(c)
		series = append(series, excelize.ChartSeries{Name: fmt.Sprintf("%s!$%s$1", sh, col),
			Categories: fmt.Sprintf("%s!$A$2:$A$%d", sh, last), Values: fmt.Sprintf("%s!$%s$2:$%s$%d", sh, col, col, last)})
	}
	return f.AddChart(sh, scCell(1, last+2), &excelize.Chart{Type: excelize.Line, Series: series, ShowBlanksAs: "gap",
		Title:     excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: "Metric means across runs"}}},
		Legend:    excelize.ChartLegend{Position: "right"},
		YAxis:     excelize.ChartAxis{Minimum: ptrF(0), Maximum: ptrF(1)},
		Dimension: excelize.ChartDimension{Width: 800, Height: 320}})
}
