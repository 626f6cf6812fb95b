package check

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// A history row is bounded: an oversized draft or report is refused with
// ErrTooLarge and nothing is stored; one at the limit is kept.
func TestSaveBoundsTheRow(t *testing.T) {
	t.Parallel()
	huge := sampleReport()
	huge.Claims[0].Explanation = strings.Repeat("x", MaxReportBytes)
	cases := []struct {
		name   string
		draft  string
		report Report
		stored bool
	}{
		{"draft at the limit", strings.Repeat("a", MaxDraftBytes), sampleReport(), true},
		{"draft over the limit", strings.Repeat("a", MaxDraftBytes+1), sampleReport(), false},
		{"report over the limit", "# Big\n\nA draft.", huge, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			r := openRepo(t)
			_, err := r.Save(ctx, "cli", c.draft, c.report)
			if c.stored != (err == nil) || !c.stored && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("err %v, stored want %v", err, c.stored)
			}
			if !c.stored && !strings.Contains(err.Error(), "bytes") {
				t.Fatalf("error %q does not say the size", err)
			}
			list, err := r.List(ctx)
			if err != nil || len(list) != map[bool]int{true: 1, false: 0}[c.stored] {
				t.Fatalf("history %+v %v", list, err)
			}
		})
	}
}
