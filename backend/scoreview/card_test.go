package scoreview

import (
	"testing"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
	"continuity/backend/scorecard"
)

// The view's tiles and question rows take their status and their change
// from the scorecard; they decide nothing of their own.
func TestScorecardDTOTakesStatusAndChangeFromTheScorecard(t *testing.T) {
	t.Parallel()
	score := func(m eval.Metric, v float64) map[eval.Metric]eval.Score {
		return map[eval.Metric]eval.Score{m: {Value: v, Method: "test"}}
	}
	baseRes := []eval.QuestionResult{
		{QuestionID: "down", Category: eval.Routine, Scores: score(eval.Faithfulness, 1)},
		{QuestionID: "same", Category: eval.Routine, Scores: score(eval.Faithfulness, 0.95)},
		{QuestionID: "breaks", Category: eval.Routine, Scores: score(eval.Faithfulness, 1)},
		{QuestionID: "answered", Category: eval.Refuse, Scores: score(eval.RefusalCorrectness, 1)},
	}
	curRes := []eval.QuestionResult{
		{QuestionID: "down", Category: eval.Routine, Scores: score(eval.Faithfulness, 0.5)},
		{QuestionID: "same", Category: eval.Routine, Scores: score(eval.Faithfulness, 0.95)},
		{QuestionID: "breaks", Category: eval.Routine, Error: "judge reply is not JSON"},
		{QuestionID: "answered", Category: eval.Refuse, Scores: score(eval.RefusalCorrectness, 0)},
		{QuestionID: "added", Category: eval.Routine, Scores: score(eval.Faithfulness, 1)},
	}
	base := scorecard.Build(eval.Run{ID: "base", Questions: 4}, baseRes, nil)
	cur := scorecard.Build(eval.Run{ID: "cur", Questions: 5}, curRes, nil)
	d := scorecard.Compare(base, cur, 0)
	cur.Baseline = &d
	baseRun := base.Run
	dto := scorecardDTO(&evalrun.Card{Scorecard: cur}, curRes, baseRes, &baseRun)

	tiles := map[string]MetricTileDTO{}
	for _, tile := range dto.Tiles {
		tiles[tile.Metric] = tile
		if want := string(cur.Metrics[tile.Metric].Status()); tile.Status != want {
			t.Errorf("%s tile %q, scorecard %q", tile.Metric, tile.Status, want)
		}
	}
	if f := tiles["faithfulness"]; f.Status != "fail" || f.Delta == nil || f.Regressed != 1 {
		t.Errorf("faithfulness tile %+v, want a failing, regressed tile with a delta", f)
	}
	if tiles["answer_relevancy"].Status != "not_measured" || tiles["refusal_correctness"].Status != "not_gated" {
		t.Errorf("tiles %+v", tiles)
	}
	if dto.GateMetrics != 1 || dto.FailingMetrics != 1 || dto.Ready {
		t.Errorf("gate metrics %d, failing %d, ready %v; want 1 of 1 failing", dto.GateMetrics, dto.FailingMetrics, dto.Ready)
	}

	cases := []struct {
		name, id, status, change string
	}{
		{"a score fell below its threshold", "down", "fail", "regressed"},
		{"a small move is the same", "same", "pass", "same"},
		{"a new error regressed", "breaks", "error", "regressed"},
		{"answering a refuse question fails", "answered", "fail", "regressed"},
		{"not in the baseline", "added", "pass", "new"},
	}
	byID := map[string]EvalQuestionDTO{}
	for _, q := range dto.Questions {
		byID[q.ID] = q
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			q := byID[c.id]
			if q.Status != c.status || q.Change != c.change {
				t.Fatalf("%s: status %q change %q, want %q %q", c.id, q.Status, q.Change, c.status, c.change)
			}
		})
	}
	if b := dto.Baseline; b == nil || b.Regressions != 3 || b.NewErrors != 1 {
		t.Fatalf("baseline %+v, want 3 regressed questions and 1 new error", b)
	}
}
