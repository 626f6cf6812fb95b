package check

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"continuity/backend/engine"
	"continuity/backend/llm"
	"continuity/backend/secret"
	"continuity/backend/session"
	"continuity/backend/settings"
	"continuity/backend/voice"

	"github.com/zalando/go-keyring"
)

// smallWorkspace is a one-page corpus, with the sample guidelines when
// withGuidelines, so a check indexes in a moment.
func smallWorkspace(t *testing.T, withGuidelines bool) string {
	t.Helper()
	root := t.TempDir()
	page, err := os.ReadFile(filepath.Join(sampleCorpus, "content", "help", "refund-policy.md"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "content"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "content", "refund-policy.md"), page, 0o644); err != nil {
		t.Fatal(err)
	}
	if withGuidelines {
		g, err := os.ReadFile(filepath.Join(sampleCorpus, "guidelines.md"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "guidelines.md"), g, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func openSession(t *testing.T, data, corpus string) *session.Session {
	t.Helper()
	s, err := session.Open(context.Background(), session.Options{DataDir: data, CorpusFlag: corpus})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func workspaceID(t *testing.T, s *session.Session) string {
	t.Helper()
	id, err := s.WorkspaceID(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func historyLen(t *testing.T, s *session.Session) int {
	t.Helper()
	repo, err := NewRepo(context.Background(), s.DB, workspaceID(t, s))
	if err != nil {
		t.Fatal(err)
	}
	list, err := repo.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

const refundDraft = "# Refunds\n\nOur revolutionary refunds: you can request a full refund within 14 days of any payment.\n"

// One check stores the claims and the voice issues in one record; without
// guidelines the claims still stand and the record says voice did not run,
// unless the caller requires voice, and then nothing is stored.
func TestRunStoresClaimsAndVoiceInOneRecord(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name           string
		withGuidelines bool
		requireVoice   bool
		wantErr        error
		wantVoice      bool
	}{
		{"with guidelines", true, false, nil, true},
		{"without guidelines", false, false, nil, false},
		{"without guidelines, voice required", false, true, voice.ErrNoGuidelines, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := openSession(t, t.TempDir(), smallWorkspace(t, c.withGuidelines))
			out, err := Run(context.Background(), s, Request{Draft: refundDraft, Source: SourceCLI, Engine: engine.Offline, RequireVoice: c.requireVoice}, nil)
			if !errors.Is(err, c.wantErr) {
				t.Fatalf("err %v, want %v", err, c.wantErr)
			}
			if out.Synced.Added != 1 {
				t.Errorf("synced %+v, want the one page added", out.Synced)
			}
			if c.wantErr != nil {
				if n := historyLen(t, s); n != 0 {
					t.Fatalf("a failed check stored %d records", n)
				}
				return
			}
			rep := out.Record.Report
			if out.Record.ID == 0 || out.Record.Source != SourceCLI || rep.Summary.Contradicted != 1 || historyLen(t, s) != 1 {
				t.Fatalf("record %+v", out.Record)
			}
			if got := rep.VoiceScore != nil && len(rep.Voice) > 0; got != c.wantVoice {
				t.Fatalf("voice stored %v (score %v, %d issues), want %v", got, rep.VoiceScore, len(rep.Voice), c.wantVoice)
			}
			if c.wantVoice != (out.VoiceSkipped == nil) {
				t.Fatalf("voice skipped: %v", out.VoiceSkipped)
			}
			if !c.wantVoice && !errors.Is(out.VoiceSkipped, voice.ErrNoGuidelines) {
				t.Fatalf("skipped for %v, want no guidelines", out.VoiceSkipped)
			}
			for _, v := range rep.Voice {
				if refundDraft[v.Start:v.End] != v.Passage {
					t.Errorf("voice passage %q is not the draft's bytes %d..%d", v.Passage, v.Start, v.End)
				}
			}
		})
	}
}

// Both faces ask for the same draft the same way and so store the same
// record, claims and voice; only the ID, the time and the face differ.
func TestDesktopAndCLIStoreTheSameRecord(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := openSession(t, t.TempDir(), smallWorkspace(t, true))
	var recs []Record
	for _, src := range []Source{SourceDesktop, SourceCLI} {
		out, err := Run(ctx, s, Request{Draft: refundDraft, Source: src}, nil) // the engine in Settings
		if err != nil {
			t.Fatal(err)
		}
		repo, _ := NewRepo(ctx, s.DB, workspaceID(t, s))
		rec, err := repo.Get(ctx, out.Record.ID)
		if err != nil || rec.Source != src {
			t.Fatalf("stored %+v, %v", rec, err)
		}
		recs = append(recs, rec)
	}
	if len(recs[0].Report.Voice) == 0 || len(recs[0].Report.Claims) == 0 {
		t.Fatalf("the record lacks claims or voice: %+v", recs[0].Report)
	}
	if a, b := sameRecord(recs[0]), sameRecord(recs[1]); a != b {
		t.Fatalf("the desktop stored\n%s\nthe CLI stored\n%s", a, b)
	}
}

// ErrNoKey is what a face branches on to say its own way out; the use case
// itself names no flag and no screen.
func TestRunWithoutKeyIsErrNoKey(t *testing.T) { // not parallel: environment and keyring mock
	keyring.MockInit()
	for _, v := range []string{secret.EnvKey, secret.EnvKeyHost, secret.EnvBaseURL, settings.EnvBaseURL} {
		t.Setenv(v, "")
	}
	ctx := context.Background()
	s := openSession(t, t.TempDir(), smallWorkspace(t, true))
	st := settings.Defaults()
	st.BaseURL = "https://api.example.invalid/v1"
	if err := s.Settings.Save(ctx, st); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		run  func() error
	}{
		{"check", func() error {
			_, err := Run(ctx, s, Request{Draft: refundDraft, Source: SourceDesktop, Engine: engine.LLM}, nil)
			return err
		}},
		{"voice alone", func() error {
			ws, err := s.Workspace(ctx)
			if err != nil {
				return err
			}
			_, err = RunVoice(ctx, s, ws, refundDraft, engine.LLM)
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run()
			if !errors.Is(err, ErrNoKey) || !errors.Is(err, llm.ErrNoAPIKey) {
				t.Fatalf("err %v, want ErrNoKey wrapping llm.ErrNoAPIKey", err)
			}
			if strings.Contains(err.Error(), "--") || strings.Contains(err.Error(), "Settings") {
				t.Fatalf("the use case words a face's way out: %q", err)
			}
		})
	}
	if n := historyLen(t, s); n != 0 {
		t.Fatalf("a check without a key stored %d records", n)
	}
}

// sameRecord is what two checks of one draft must share: everything but
// the ID, the time and the face that asked.
func sameRecord(r Record) string {
	r.ID, r.CreatedAt, r.Source = 0, time.Time{}, ""
	b, _ := json.MarshalIndent(r, "", " ")
	return string(b)
}
