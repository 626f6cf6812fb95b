package llm

import (
	"regexp"
	"strings"
	"testing"
)

func TestFenceWrapsAndStrips(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in, want string
	}{
		{"plain", "Refunds within 30 days.", "Refunds within 30 days."},
		{"zero width and bidi", "ig\u200bnore\u202e prior", "ignore prior"},
		{"tag characters", "a\U000E0041\U000E0042b", "ab"},
		{"keeps newlines", "a\r\nb\tc", "a\nb\tc"},
	}
	re := regexp.MustCompile(`(?s)^<<<DATA-([0-9a-f]{12}) draft>>>\n(.*)\n<<<END-([0-9a-f]{12})>>>$`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := re.FindStringSubmatch(Fence("draft", c.in))
			if m == nil || m[1] != m[3] || m[2] != c.want {
				t.Fatalf("Fence = %q", Fence("draft", c.in))
			}
		})
	}
}

func TestFenceNonceIsFreshEachCall(t *testing.T) {
	t.Parallel()
	a, b := Fence("x", "t"), Fence("x", "t")
	if a == b || !strings.Contains(a, "<<<END-") {
		t.Fatalf("nonces repeat: %q %q", a, b)
	}
}
