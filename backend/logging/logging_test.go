package logging

import (
	"bytes"
	"strings"
	"testing"
)

func TestSecretsNeverReachOutput(t *testing.T) {
	t.Parallel()
	const key = "sk-test-THISISASECRET1234567890"
	cases := []struct {
		name string
		json bool
	}{
		{"registered secret in text", false},
		{"registered secret in json", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			r := NewRedactor(&buf)
			r.AddSecret(key)
			l := New(r, Options{JSON: c.json})
			l.Info("calling endpoint", "key", key, "header", "Authorization: Bearer "+key)
			if strings.Contains(buf.String(), key) || strings.Contains(buf.String(), "THISISASECRET") {
				t.Fatalf("secret leaked: %s", buf.String())
			}
			if !strings.Contains(buf.String(), Redacted) {
				t.Fatalf("no redaction marker in %s", buf.String())
			}
		})
	}
}

func TestUnregisteredBearerTokenIsScrubbed(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	r := NewRedactor(&buf)
	New(r, Options{}).Warn("retry", "h", "authorization: Bearer abcdefghijklmnop")
	if strings.Contains(buf.String(), "abcdefghijklmnop") {
		t.Fatalf("bearer token leaked: %s", buf.String())
	}
}

func TestShortSecretsAreIgnored(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	r := NewRedactor(&buf)
	r.AddSecret("a")
	_, _ = r.Write([]byte("a cat"))
	if buf.String() != "a cat" {
		t.Fatalf("got %q", buf.String())
	}
}
