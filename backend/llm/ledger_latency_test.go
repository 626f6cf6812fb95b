package llm

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"continuity/backend/store"
)

func TestMedianLatency(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx, "llm", migrations); err != nil {
		t.Fatal(err)
	}
	add := func(model string, role Role, ms int, outcome string, retries int) {
		t.Helper()
		c := Call{At: time.Now(), Role: role, Model: model, Prompt: "p", Latency: time.Duration(ms) * time.Millisecond,
			Outcome: outcome, Retries: retries}
		if err := persist(ctx, db, c); err != nil {
			t.Fatal(err)
		}
	}
	// an old slow stretch, pushed out of the window by newer calls
	for range 5 {
		add("judge-m", RoleJudge, 9000, OutcomeOK, 0)
	}
	for _, ms := range []int{800, 1000, 1200, 1100, 900} {
		add("judge-m", RoleJudge, ms, OutcomeOK, 0)
	}
	add("judge-m", RoleAnswer, 1500, OutcomeOK, 0)
	add("judge-m", RoleJudge, 60000, OutcomeError, 0) // a timeout
	add("judge-m", RoleJudge, 20000, OutcomeOK, 2)    // mostly backoff
	add("other-m", RoleJudge, 5000, OutcomeOK, 0)     // another model
	add("embed-m", RoleEmbedding, 300, OutcomeOK, 0)  // another role
	add("embed-m", RoleEmbedding, 500, OutcomeOK, 0)

	cases := []struct {
		name string
		q    LatencyQuery
		want LatencySample
	}{
		{"judge calls in the window", LatencyQuery{Models: []string{"judge-m"}, Roles: []Role{RoleJudge}, Limit: 5},
			LatencySample{Calls: 5, Median: 1000 * time.Millisecond}},
		{"answer and judge calls, even count", LatencyQuery{Models: []string{"judge-m"}, Roles: []Role{RoleAnswer, RoleJudge}, Limit: 6},
			LatencySample{Calls: 6, Median: 1050 * time.Millisecond}},
		{"whole history", LatencyQuery{Models: []string{"judge-m"}, Roles: []Role{RoleJudge}},
			LatencySample{Calls: 10, Median: 5100 * time.Millisecond}}, // (1200+9000)/2
		{"two models", LatencyQuery{Models: []string{"judge-m", "other-m"}, Roles: []Role{RoleJudge}, Limit: 3},
			LatencySample{Calls: 3, Median: 1100 * time.Millisecond}},
		{"embeddings", LatencyQuery{Models: []string{"embed-m"}, Roles: []Role{RoleEmbedding}},
			LatencySample{Calls: 2, Median: 400 * time.Millisecond}},
		{"a model never called", LatencyQuery{Models: []string{"new-m"}, Roles: []Role{RoleJudge}}, LatencySample{}},
		{"no models asked", LatencyQuery{Roles: []Role{RoleJudge}}, LatencySample{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := MedianLatency(ctx, db, c.q)
			if err != nil || got != c.want {
				t.Fatalf("MedianLatency = %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
}

// A database that has never seen a model call has no ledger table yet.
func TestMedianLatencyOnFreshDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	got, err := MedianLatency(ctx, db, LatencyQuery{Models: []string{"m"}, Roles: []Role{RoleJudge}})
	if err != nil || got.Calls != 0 {
		t.Fatalf("fresh database: %+v, %v", got, err)
	}
}
