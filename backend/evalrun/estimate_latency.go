package evalrun

import (
	"context"
	"fmt"
	"time"

	"continuity/backend/eval"
	"continuity/backend/llm"
	"continuity/backend/session"
	"continuity/backend/settings"
)

// minMeasuredCalls is the fewest recorded calls whose median the estimate
// trusts over the assumed latency: below it one slow call moves the
// median by seconds.
const minMeasuredCalls = 10

// assumedPerCall is the latency eval.Estimate assumes when told none.
const assumedPerCall = 2 * time.Second

// SetEstimate is an estimate and where its time comes from.
type SetEstimate struct {
	eval.Estimate
	// TimeBasis says what the time assumes, e.g. "based on 37 recent
	// calls, median 1.1 s" or "assumed 2 s per call".
	TimeBasis string `json:"time_basis"`
}

// estimateInput is what a run with settings st will face: its call slots,
// the endpoint's budgets, and the latency the ledger measured for the
// same models when there are enough calls, else the assumed one.
func estimateInput(ctx context.Context, s *session.Session, st settings.Settings, pricing eval.Pricing) (eval.EstimateInput, string) {
	in := eval.EstimateInput{Pricing: pricing, CallSlots: st.Concurrency(),
		RequestsPerMinute: st.RequestsPerMinute, TokensPerMinute: st.TokensPerMinute}
	basis := fmt.Sprintf("assumed %s per call", seconds(assumedPerCall))
	chat, err := llm.MedianLatency(ctx, s.DB, llm.LatencyQuery{Models: distinctModels(st.Models.Answer, st.Models.Judge),
		Roles: []llm.Role{llm.RoleAnswer, llm.RoleJudge}})
	switch {
	case err != nil:
		// the estimate still stands on the assumption; the line says why
		basis += " (the call history could not be read: " + err.Error() + ")"
	case chat.Calls >= minMeasuredCalls:
		in.PerCall = chat.Median
		basis = fmt.Sprintf("based on %d recent calls, median %s", chat.Calls, seconds(chat.Median))
	case chat.Calls > 0:
		basis += fmt.Sprintf(" (only %d calls to these models recorded; %d are needed to measure)", chat.Calls, minMeasuredCalls)
	}
	if st.Models.Embedding == "" {
		return in, basis
	}
	emb, err := llm.MedianLatency(ctx, s.DB, llm.LatencyQuery{Models: []string{st.Models.Embedding}, Roles: []llm.Role{llm.RoleEmbedding}})
	if err == nil && emb.Calls >= minMeasuredCalls {
		in.PerEmbedding = emb.Median
	}
	return in, basis
}

func distinctModels(names ...string) []string {
	var out []string
	for _, n := range names {
		if n != "" && (len(out) == 0 || out[0] != n) {
			out = append(out, n)
		}
	}
	return out
}

// seconds writes d as "1.1 s", the precision a latency is known to.
func seconds(d time.Duration) string {
	return fmt.Sprintf("%.1f s", d.Seconds())
}
