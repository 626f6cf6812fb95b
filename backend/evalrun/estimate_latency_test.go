package evalrun

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/llm/llmtest"
	"continuity/backend/session"
)

// recordCalls writes n successful first-attempt calls of model and role,
// each taking d, to the session's stored ledger.
func recordCalls(t *testing.T, s *session.Session, model string, role llm.Role, n int, d time.Duration) {
	t.Helper()
	ctx := context.Background()
	// creates the ledger table, as the first real call would
	if _, err := llm.MedianLatency(ctx, s.DB, llm.LatencyQuery{Models: []string{model}, Roles: []llm.Role{role}}); err != nil {
		t.Fatal(err)
	}
	for range n {
		if _, err := s.DB.Writer().ExecContext(ctx, `INSERT INTO llm_calls
			(at, role, model, prompt, prompt_version, latency_ms, retries, outcome) VALUES (?, ?, ?, 'eval.faithfulness', 'v1', ?, 0, 'ok')`,
			time.Now().Format(time.RFC3339Nano), string(role), model, d.Milliseconds()); err != nil {
			t.Fatal(err)
		}
	}
}

// The pre-run estimate times the run with the latency the ledger measured
// for the same models once there are enough calls, and says which it used.
func TestEstimateSetUsesMeasuredLatency(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		record    func(t *testing.T, s *session.Session)
		wantBasis string
		perCall   time.Duration // what the time must scale with
	}{
		{"no calls yet", func(*testing.T, *session.Session) {}, "assumed 2.0 s per call", 2 * time.Second},
		{"too few calls", func(t *testing.T, s *session.Session) {
			recordCalls(t, s, "m-judge", llm.RoleJudge, 5, 500*time.Millisecond)
		},
			"assumed 2.0 s per call (only 5 calls to these models recorded; 10 are needed to measure)", 2 * time.Second},
		{"enough judge and answer calls", func(t *testing.T, s *session.Session) {
			recordCalls(t, s, "m-judge", llm.RoleJudge, 8, 500*time.Millisecond)
			recordCalls(t, s, "m-answer", llm.RoleAnswer, 4, 500*time.Millisecond)
		}, "based on 12 recent calls, median 0.5 s", 500 * time.Millisecond},
		{"another model's calls do not count", func(t *testing.T, s *session.Session) {
			recordCalls(t, s, "someone-else", llm.RoleJudge, 30, 100*time.Millisecond)
		}, "assumed 2.0 s per call", 2 * time.Second},
	}
	// the time of a run on the assumed latency, to compare the measured one with
	assumed := func(t *testing.T) float64 {
		t.Helper()
		s := llmSession(t, llmtest.New(t), 2, 6)
		e, err := EstimateSet(context.Background(), s, "inflight", engine.LLM, 1)
		if err != nil || e.Seconds <= 0 {
			t.Fatalf("assumed estimate %+v, %v", e, err)
		}
		return e.Seconds
	}(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := llmSession(t, llmtest.New(t), 2, 6) // no call reaches the server
			c.record(t, s)
			e, err := EstimateSet(context.Background(), s, "inflight", engine.LLM, 1)
			if err != nil {
				t.Fatal(err)
			}
			if e.TimeBasis != c.wantBasis {
				t.Fatalf("TimeBasis = %q, want %q", e.TimeBasis, c.wantBasis)
			}
			// without budgets every term of the time is proportional to the latency
			want := assumed * c.perCall.Seconds() / 2
			if math.Abs(e.Seconds-want) > 1e-9 {
				t.Fatalf("Seconds = %v, want %v (%s per call)", e.Seconds, want, c.perCall)
			}
		})
	}
}

// The run's own estimate, printed before it starts, uses the same
// measurement as the pre-run one.
func TestPrepareEstimateUsesMeasuredLatency(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := llmSession(t, llmtest.New(t), 2, 6)
	recordCalls(t, s, "m-judge", llm.RoleJudge, 20, 1100*time.Millisecond)
	want, err := EstimateSet(ctx, s, "inflight", engine.LLM, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(ctx, s, "inflight", Options{Engine: engine.LLM}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.TimeBasis != "based on 20 recent calls, median 1.1 s" || !strings.Contains(want.TimeBasis, "20 recent calls") {
		t.Fatalf("Prepare basis %q, EstimateSet basis %q", p.TimeBasis, want.TimeBasis)
	}
	if math.Abs(p.Estimate.Seconds-want.Seconds) > 1e-9 {
		t.Fatalf("Prepare estimate %v s, EstimateSet %v s", p.Estimate.Seconds, want.Seconds)
	}
}
