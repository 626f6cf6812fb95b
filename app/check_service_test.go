package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/check"
	"continuity/backend/engine"
	"continuity/backend/secret"
	"continuity/backend/session"
	"continuity/backend/settings"

	"github.com/zalando/go-keyring"
)

// checkWorkspace is a one-page copy of the sample corpus with its
// guidelines, so a check indexes in a moment and checks voice too.
func checkWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for src, dst := range map[string]string{
		"content/help/refund-policy.md": "content/refund-policy.md",
		"guidelines.md":                 "guidelines.md",
	} {
		b, err := os.ReadFile(filepath.Join("..", "corpus", src))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, dst)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, dst), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// checkService is the desktop's check service over a real session, with
// jobs whose events land in rec.
func checkService(t *testing.T, rec *recorder) *CheckService {
	t.Helper()
	ctx := context.Background()
	sess, err := session.Open(ctx, session.Options{DataDir: t.TempDir(), CorpusFlag: checkWorkspace(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ready := make(chan struct{})
	close(ready)
	return &CheckService{c: &core{ctx: ctx, sess: sess, log: log, startupDone: ready, jobs: newJobs(ctx, rec, log)}}
}

// runCheckJob runs the bound Check method to its done event.
func runCheckJob(t *testing.T, svc *CheckService, rec *recorder, draft, eng string) JobDoneEvent {
	t.Helper()
	if _, err := svc.Check(draft, eng); err != nil {
		t.Fatal(err)
	}
	svc.c.jobs.wait()
	done := rec.done()
	if len(done) != 1 {
		t.Fatalf("got %d done events, want 1", len(done))
	}
	return done[0]
}

const voiceAndClaimsDraft = "# Refunds\n\nOur revolutionary refunds: you can request a full refund within 14 days of any payment.\n"

// The desktop check stores the same record, claims and voice, as the CLI's
// call of the same use case; the desktop's report shows the voice issues.
func TestDesktopCheckStoresTheRecordTheCLIStores(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	svc := checkService(t, rec)
	done := runCheckJob(t, svc, rec, voiceAndClaimsDraft, "offline")
	dto, ok := done.Result.(CheckReportDTO)
	if !done.OK || !ok {
		t.Fatalf("done %+v", done)
	}
	if dto.Source != "desktop" || dto.Summary.Contradicted != 1 || len(dto.Voice) == 0 || dto.VoiceScore == nil {
		t.Fatalf("desktop report %+v lacks the contradiction or the voice issues", dto)
	}
	// the CLI's call: backend/cli's check command asks exactly this
	cli, err := check.Run(context.Background(), svc.c.sess, check.Request{Draft: voiceAndClaimsDraft, Source: check.SourceCLI, Engine: engine.Offline}, nil)
	if err != nil {
		t.Fatal(err)
	}
	repo, err := svc.repo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	desktop, err := repo.Get(context.Background(), dto.ID)
	if err != nil {
		t.Fatal(err)
	}
	stored := func(r check.Record) string {
		r.ID, r.CreatedAt, r.Source = 0, time.Time{}, ""
		b, _ := json.MarshalIndent(r, "", " ")
		return string(b)
	}
	if a, b := stored(desktop), stored(cli.Record); a != b {
		t.Fatalf("the desktop stored\n%s\nthe CLI stored\n%s", a, b)
	}
}

// The desktop says the way out of a missing key in its own terms, never
// with a command-line flag.
func TestDesktopCheckWithoutKeyPointsToSettings(t *testing.T) { // not parallel: environment and keyring mock
	keyring.MockInit()
	for _, v := range []string{secret.EnvKey, secret.EnvKeyHost, secret.EnvBaseURL, settings.EnvBaseURL} {
		t.Setenv(v, "")
	}
	rec := &recorder{}
	svc := checkService(t, rec)
	st := settings.Defaults()
	st.BaseURL = "https://api.example.invalid/v1"
	if err := svc.c.sess.Settings.Save(context.Background(), st); err != nil {
		t.Fatal(err)
	}
	done := runCheckJob(t, svc, rec, voiceAndClaimsDraft, "llm")
	if done.OK || !strings.Contains(done.Error, "choose the offline engine in Settings") || strings.Contains(done.Error, "--") {
		t.Fatalf("done %+v, want the desktop's way out and no flag", done)
	}
}
