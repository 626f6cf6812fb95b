package eval

import (
	"context"
	"errors"
	"testing"
)

// Runs started within one second share their StartedAt (whole seconds):
// they list, and choose their baseline, in the order they were started,
// not by their IDs' random suffixes.
func TestRunsInOneSecondKeepTheirOrder(t *testing.T) {
	ctx := context.Background()
	st := openTestStore(t)
	ids := []string{"20261201T120000Z-ffffff", "20261201T120000Z-000000", "20261201T120000Z-888888"}
	for _, id := range ids {
		r := Run{ID: id, GoldenSet: "g", Status: StatusDone, StartedAt: "2026-12-01T12:00:00Z"}
		if err := st.PutRun(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	runs, err := st.Runs(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range runs {
		if r.ID != ids[i] {
			t.Fatalf("run %d is %s, want %s (the order they were started)", i, r.ID, ids[i])
		}
	}
	base, _, err := st.LastBaseline(ctx, runs[2])
	if err != nil {
		t.Fatal(err)
	}
	if base.ID != ids[1] {
		t.Fatalf("baseline of the third run is %q, want the second %s", base.ID, ids[1])
	}
	// the runs after the first one, in the same second, are not before it
	if base, _, err = st.LastBaseline(ctx, runs[0]); !errors.Is(err, ErrRunNotFound) {
		t.Fatalf("the first run has no earlier run: got %q, %v", base.ID, err)
	}
}
