package app

import (
	"context"
	"errors"
	"strings"
	"testing"

	"continuity/backend/llm/llmtest"
	"continuity/backend/secret"
	"continuity/backend/session"
	"continuity/backend/settings"

	"github.com/zalando/go-keyring"
)

func settingsService(t *testing.T) *SettingsService {
	t.Helper()
	keyring.MockInit()
	for _, v := range []string{secret.EnvKey, secret.EnvKeyHost, secret.EnvBaseURL, settings.EnvBaseURL} {
		t.Setenv(v, "")
	}
	ctx := context.Background()
	sess, err := session.Open(ctx, session.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	ready := make(chan struct{})
	close(ready)
	return &SettingsService{&core{ctx: ctx, sess: sess, startupDone: ready}}
}

// The Settings view learns where requests go and which host the key is
// for, and is told plainly when the key is another host's.
func TestKeyStatusShowsEndpointAndKeyHost(t *testing.T) { // not parallel: environment and keyring mock
	svc := settingsService(t)
	srv := llmtest.New(t)
	d, err := svc.Get()
	if err != nil {
		t.Fatal(err)
	}
	d.Engine, d.BaseURL = settings.EngineLLM, srv.URL
	if err := svc.Save(d); err != nil {
		t.Fatal(err)
	}
	st, err := svc.SetAPIKey("sk-app-settings-key-31")
	srvHost, _ := secret.HostOf(srv.URL)
	if err != nil || !st.Present || !st.SentToEndpoint || st.Host != srvHost || st.Endpoint != srv.URL || st.Warning != "" {
		t.Fatalf("SetAPIKey = %+v, %v; want present for %s at %s", st, err, srvHost, srv.URL)
	}

	d.BaseURL = "https://api.example.com/v1"
	if err := svc.Save(d); err != nil {
		t.Fatal(err)
	}
	st = svc.KeyStatus()
	if !st.Present || st.SentToEndpoint || st.Host != srvHost || st.Endpoint != d.BaseURL ||
		!strings.Contains(st.Warning, srvHost) || !strings.Contains(st.Warning, "api.example.com") {
		t.Fatalf("KeyStatus for another host = %+v", st)
	}
	conn, err := svc.TestConnection()
	if err != nil || conn.OK || !strings.Contains(conn.Message, "belongs to "+srvHost) || conn.BaseURL != d.BaseURL {
		t.Fatalf("TestConnection = %+v, %v", conn, err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("%d requests reached the server", n)
	}
}

func TestSettingsDTOKeepsInsecureHTTPAndRejectsBadInput(t *testing.T) {
	svc := settingsService(t)
	d, err := svc.Get()
	if err != nil {
		t.Fatal(err)
	}
	d.BaseURL = "http://192.168.1.20:8000/v1"
	if err := svc.Save(d); !errors.Is(err, settings.ErrInvalid) || !strings.Contains(err.Error(), "allow_insecure_http") {
		t.Fatalf("Save(plain http to a LAN host) = %v", err)
	}
	d.AllowInsecureHTTP = true
	if err := svc.Save(d); err != nil {
		t.Fatal(err)
	}
	if got, err := svc.Get(); err != nil || !got.AllowInsecureHTTP || got.BaseURL != d.BaseURL {
		t.Fatalf("Get after save = %+v, %v", got, err)
	}
	d.CorpusDir = "../corpus"
	if err := svc.Save(d); !errors.Is(err, settings.ErrInvalid) || !strings.Contains(err.Error(), "corpus_dir") {
		t.Fatalf("Save(relative corpus dir) = %v", err)
	}
}
