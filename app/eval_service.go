package app

// EvalService runs golden sets and reads scorecards.
type EvalService struct{ c *core }

// DefaultThresholds are the release gate's defaults.
func (s *EvalService) DefaultThresholds() []MetricThresholdDTO {
	return []MetricThresholdDTO{
		{"faithfulness", 0.90, "Share of the answer's claims that the retrieved passages support."},
		{"answer_relevancy", 0.80, "How directly the answer addresses the question asked."},
		{"context_recall", 0.80, "Share of the approved answer that the retrieved passages cover."},
		{"id_context_recall", 0.80, "Share of the reference documents that retrieval found."},
	}
}
