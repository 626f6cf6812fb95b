package llmtest

import "testing"

func TestRuleRepliesInOrderLastRepeats(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		replies []Reply
		want    []int // statuses for successive requests; -1 = rule exhausted
	}{
		{"burst then sticky ok", append(Burst(2, 429, "1"), Reply{Status: 200}), []int{429, 429, 200, 200}},
		{"times limits the last reply", []Reply{{Status: 503, Times: 2}}, []int{503, 503, -1}},
		{"untimed middle reply is used once", []Reply{{Status: 500}, {Status: 200}}, []int{500, 200, 200}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := &rule{match: Any(), replies: tc.replies}
			for i, want := range tc.want {
				rep, ok := r.next()
				got := rep.Status
				if !ok {
					got = -1
				}
				if got != want {
					t.Fatalf("request %d: status %d, want %d", i, got, want)
				}
			}
		})
	}
}
