package logging

import (
	"bytes"
	"strings"
	"testing"
)

// A registered key must be scrubbed whatever case the text carries it in:
// providers and proxies echo keys upper- or lower-cased in error messages.
func TestSecretsAreScrubbedInEveryCase(t *testing.T) {
	t.Parallel()
	const key = "Ab9-continuity-CaseKey-7f3A"
	cases := []struct {
		name, text string
	}{
		{"as registered", "auth failed for " + key + " today"},
		{"upper case", "AUTH FAILED FOR " + strings.ToUpper(key)},
		{"lower case", "auth failed for " + strings.ToLower(key)},
		{"mixed case", "key=" + "aB9-CONTINUITY-casekey-7F3a" + "."},
		{"twice, two cases", strings.ToUpper(key) + " and " + strings.ToLower(key)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			r := NewRedactor(&buf)
			r.AddSecret(key)
			New(r, Options{JSON: true}).Error("call failed", "err", c.text)
			out := strings.ToLower(buf.String())
			if strings.Contains(out, strings.ToLower(key)) || !strings.Contains(buf.String(), Redacted) {
				t.Fatalf("redactor output %s", buf.String())
			}
			if got := ScrubString(c.text, key); strings.Contains(strings.ToLower(got), strings.ToLower(key)) || !strings.Contains(got, Redacted) {
				t.Fatalf("ScrubString(%q) = %q", c.text, got)
			}
		})
	}
}

func TestScrubStringKeepsOtherText(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text, secret, want string
	}{
		{"no match", "nothing here", "secret-value", "nothing here"},
		{"short secret ignored", "a cat", "a", "a cat"},
		{"non-ASCII around the key", "é SECRET-VALUE ü", "secret-value", "é " + Redacted + " ü"},
		{"invalid UTF-8 is kept", "\xff secret-value \xfe", "secret-value", "\xff " + Redacted + " \xfe"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := ScrubString(c.text, c.secret); got != c.want {
				t.Fatalf("ScrubString(%q, %q) = %q, want %q", c.text, c.secret, got, c.want)
			}
		})
	}
}

// A key with characters JSON escapes must not survive a JSON log line in
// its escaped spelling.
func TestJSONEscapedSecretIsScrubbed(t *testing.T) {
	t.Parallel()
	const key = `key<with>"quotes"&\slash`
	var buf bytes.Buffer
	r := NewRedactor(&buf)
	r.AddSecret(key)
	New(r, Options{JSON: true}).Warn("x", "v", "got "+key)
	if strings.Contains(buf.String(), "with") || !strings.Contains(buf.String(), Redacted) {
		t.Fatalf("escaped key leaked: %s", buf.String())
	}
}
