package scorecard

import (
	"fmt"

	"continuity/backend/eval"
)

// approvedContradictions indexes a run's contradicted approved answers by
// question, one each: the claim engine's verdict (it has a confidence)
// before a superseded sentence matched by the page's history.
func approvedContradictions(cs []eval.ApprovedContradiction) map[string]*eval.ApprovedContradiction {
	out := map[string]*eval.ApprovedContradiction{}
	for i := range cs {
		c := &cs[i]
		if old, ok := out[c.QuestionID]; ok && (old.Confidence != nil || c.Confidence == nil) {
			continue
		}
		out[c.QuestionID] = c
	}
	return out
}

// ApprovedContradictedFailure is the gate's reason for a question whose
// approved answer the corpus now contradicts, naming the passage that
// says otherwise: `Q031: approved answer contradicted by
// blog-longer-refund-window: "After 14 days …" (confidence 0.86)`.
func ApprovedContradictedFailure(id string, c eval.ApprovedContradiction) string {
	where := c.DocID
	if c.ChunkID != "" {
		where = c.ChunkID
	}
	return fmt.Sprintf("%s: approved answer contradicted by %s: %q (%s)", id, where, c.Passage, ApprovedConfidence(c))
}

// ApprovedConfidence words how sure the finding is: the claim engine's
// confidence, or for a superseded sentence that the page's history says
// it changed (nothing was judged, so no confidence is claimed).
func ApprovedConfidence(c eval.ApprovedContradiction) string {
	if c.Confidence != nil {
		return fmt.Sprintf("confidence %.2f", *c.Confidence)
	}
	return fmt.Sprintf("the page's history: it said %q", c.Claim)
}
