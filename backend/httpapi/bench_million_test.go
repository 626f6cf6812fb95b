package httpapi_test

import (
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"continuity/backend/eval"
	"continuity/backend/httpapi"
	"continuity/backend/team"
)

// BenchmarkRunsAndTrendOverAMillionResults is issue 31's "1 million stored
// findings" target: 1,000 finished runs of one set with 1,000 question
// results each, then the runs list and the set's trend read over HTTP
// (p95 of each). The first trend computes and stores every run's point;
// its time is reported as trend-cold-ms.
func BenchmarkRunsAndTrendOverAMillionResults(b *testing.B) {
	million.Do(func() { million.set, million.cold = storeMillion(b) })
	if million.set == "" {
		b.Fatal("storing the million results failed")
	}
	set := million.set
	srv, err := httpapi.New(fx.sess, fx.team, httpapi.Options{Rate: 1e6, Burst: 1e6})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	tok := user(b, team.Manager)
	var list, points []time.Duration
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		var out struct {
			Runs []any `json:"runs"`
		}
		if code := do(b, hs.URL, tok, "GET", wsPath("/runs?set="+set), nil, &out); code != 200 || len(out.Runs) != millionRuns {
			b.Fatalf("runs: %d, %d", code, len(out.Runs))
		}
		list = append(list, time.Since(t0))
		t1 := time.Now()
		if code := do(b, hs.URL, tok, "GET", wsPath("/golden-sets/"+set+"/trend"), nil, nil); code != 200 {
			b.Fatalf("trend: %d", code)
		}
		points = append(points, time.Since(t1))
	}
	b.ReportMetric(float64(million.cold.Milliseconds()), "trend-cold-ms")
	b.ReportMetric(p95(list).Seconds()*1000, "runs-p95-ms")
	b.ReportMetric(p95(points).Seconds()*1000, "trend-p95-ms")
}

const millionRuns = 1000

// million is stored once per process: go test runs a benchmark body more than once.
var million struct {
	sync.Once
	set  string
	cold time.Duration
}

// storeMillion stores the runs and reads the trend once (computing and
// keeping every point); it returns the set and that first trend's time.
func storeMillion(b *testing.B) (string, time.Duration) {
	const runs, perRun = millionRuns, 1000
	ctx := b.Context()
	st, err := eval.OpenStore(ctx, fx.sess.DB, fx.ws)
	if err != nil {
		b.Fatal(err)
	}
	set := fmt.Sprintf("million-%d", time.Now().UnixNano())
	start := time.Now()
	for i := range runs {
		run := eval.Run{ID: fmt.Sprintf("%s-%04d", set, i), Status: eval.StatusDone, GoldenSet: set,
			StartedAt:  time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour).Format(time.RFC3339),
			FinishedAt: time.Date(2026, 1, 1, 0, 30, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour).Format(time.RFC3339),
			Thresholds: map[eval.Metric]float64{eval.Faithfulness: 0.9}, Questions: perRun}
		res := make([]eval.QuestionResult, perRun)
		for q := range res {
			res[q] = eval.QuestionResult{RunID: run.ID, QuestionID: fmt.Sprintf("Q%04d", q), Question: "How long is the refund window?",
				Reference: "30 days", Answer: "Refunds are accepted within 30 days.", Retrieved: []eval.Passage{{DocID: "help-refund"}},
				Scores: map[eval.Metric]eval.Score{eval.Faithfulness: {Value: float64((i+q)%10) / 10, Method: "bench"}}}
		}
		if err := st.Import(ctx, run, res); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("stored %d results in %s", runs*perRun, time.Since(start).Round(time.Second))
	srv, err := httpapi.New(fx.sess, fx.team, httpapi.Options{Rate: 1e6, Burst: 1e6})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	var trend struct {
		Trend []any `json:"trend"`
	}
	cold := time.Now()
	if code := do(b, hs.URL, user(b, team.Manager), "GET", wsPath("/golden-sets/"+set+"/trend"), nil, &trend); code != 200 || len(trend.Trend) != runs {
		b.Fatalf("trend: %d, %d points", code, len(trend.Trend))
	}
	return set, time.Since(cold)
}
