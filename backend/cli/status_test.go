package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"continuity/backend/secret"

	"github.com/zalando/go-keyring"
)

// status names the endpoint (without the credentials or query values an
// $OPENAI_BASE_URL may carry) and the host the key belongs to, and warns
// when that is not the endpoint's host.
func TestStatusShowsEndpointAndKeyHost(t *testing.T) { // not parallel: environment and keyring mock
	keyring.MockInit()
	const key = "sk-status-env-key-123456"
	t.Setenv(secret.EnvKey, key)
	t.Setenv(secret.EnvBaseURL, "https://user:pw-secret@proxy.example/v1?api-key=hunter2")
	cases := []struct {
		name, keyHostEnv string
		wantHost         string
		wantWarning      string
	}{
		{"env key for the endpoint", "", "proxy.example", ""},
		{"env key for another host", "api.openai.com", "api.openai.com", "belongs to api.openai.com; save a key for proxy.example"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(secret.EnvKeyHost, c.keyHostEnv)
			data := t.TempDir()
			r := run(t, nil, "--data", data, "status", "--json")
			var v statusJSON
			if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
				t.Fatalf("stdout is not JSON: %v\n%s\n%s", err, r.stdout, r.stderr)
			}
			if v.Endpoint != "https://proxy.example/v1?api-key=REDACTED" || v.KeySource != string(secret.SourceEnv) ||
				v.KeyHost != c.wantHost || !strings.Contains(v.KeyWarning, c.wantWarning) || (c.wantWarning == "") != (v.KeyWarning == "") {
				t.Fatalf("status = %+v", v)
			}
			text := run(t, nil, "--data", data, "status")
			if !strings.Contains(text.stdout, "endpoint   https://proxy.example/v1") || !strings.Contains(text.stdout, "for "+c.wantHost) {
				t.Fatalf("text status does not show the endpoint and key host:\n%s", text.stdout)
			}
			if c.wantWarning != "" && !strings.Contains(text.stdout, "warning    ") {
				t.Fatalf("text status has no warning:\n%s", text.stdout)
			}
			for _, secretText := range []string{key, "pw-secret", "hunter2"} {
				if strings.Contains(r.stdout+text.stdout+r.stderr+text.stderr, secretText) {
					t.Fatalf("status shows %q:\n%s\n%s", secretText, r.stdout, text.stdout)
				}
			}
		})
	}
}
