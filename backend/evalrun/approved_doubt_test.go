package evalrun

import (
	"context"
	"testing"
)

// Issue 29 item 13: the gate once failed on a doubtful contradiction. An
// answer that adds a related fact the approved answer does not state is
// no contradiction of it; an answer that says the opposite is.
func TestApprovedJudgeNeedsARealConflict(t *testing.T) {
	t.Parallel()
	const approved = "Not from settings. Contact support and they'll plan and schedule the move."
	const line = "You can't change region from your account settings. If you need to move, contact support."
	cases := []struct {
		name, answer string
		want         bool
	}{
		{"a related fact is no conflict", "The region is set when you create the account.", false},
		{"the opposite is", "You can change the region yourself from your account settings.", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := newApprovedJudge().Contradicted(context.Background(), c.answer, approved, line)
			if err != nil {
				t.Fatal(err)
			}
			if (len(got) > 0) != c.want {
				t.Errorf("contradicted %+v, want contradicted=%v", got, c.want)
			}
		})
	}
}
