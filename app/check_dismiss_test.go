package app

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// A dismissal is kept with the check: reopening it shows the reason, a
// dismissed claim is in triage with the reason as its note, and the
// export (saved from a dialog opening in the workspace) lists both.
func TestDismissedFindingsStayWithTheCheck(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	svc := checkService(t, rec)
	done := runCheckJob(t, svc, rec, voiceAndClaimsDraft, "offline")
	dto := done.Result.(CheckReportDTO)
	if len(dto.Voice) == 0 || dto.Voice[0].Index != 0 || dto.VoiceLabel == "" || dto.VoiceBand == "" {
		t.Fatalf("voice %+v label %q band %q", dto.Voice, dto.VoiceLabel, dto.VoiceBand)
	}
	if err := svc.Dismiss(dto.ID, "claim", 0, "Correct, corpus outdated"); err != nil {
		t.Fatal(err)
	}
	if err := svc.Dismiss(dto.ID, "voice", 0, "Intended"); err != nil {
		t.Fatal(err)
	}
	got, err := svc.GetCheck(dto.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c := got.Claims[0]; !c.Dismissed || c.DismissReason != "Correct, corpus outdated" || c.Vote != "down" {
		t.Errorf("claim %+v", c)
	}
	if v := got.Voice[0]; !v.Dismissed || v.DismissReason != "Intended" {
		t.Errorf("voice %+v", v)
	}
	triage, err := svc.ListTriage()
	if err != nil || len(triage) != 1 || triage[0].Note != "Correct, corpus outdated" {
		t.Fatalf("triage %+v %v", triage, err)
	}
	if err := svc.Dismiss(dto.ID, "paragraph", 0, "x"); err == nil {
		t.Error("an unknown kind is refused")
	}

	ws, err := svc.c.sess.Workspace(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "report.md")
	var asked runtime.SaveDialogOptions
	svc.saveDialog = func(_ context.Context, o runtime.SaveDialogOptions) (string, error) {
		asked = o
		return out, nil
	}
	path, err := svc.SaveReport(dto.ID, "md")
	if err != nil || path != out {
		t.Fatalf("saved to %q, %v", path, err)
	}
	if asked.DefaultDirectory != ws.Root || asked.DefaultFilename != "draft-check-"+strconv.FormatInt(dto.ID, 10)+".md" {
		t.Errorf("dialog options %+v, want the workspace folder %s", asked, ws.Root)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Voice & tone", "Dismissed: Correct, corpus outdated", "Dismissed: Intended", "Why: "} {
		if !strings.Contains(string(b), want) {
			t.Errorf("export lacks %q", want)
		}
	}
}

// The check job says how far it got: searches against their total.
func TestCheckJobReportsSearchProgress(t *testing.T) {
	t.Parallel()
	rec := &recorder{}
	svc := checkService(t, rec)
	runCheckJob(t, svc, rec, voiceAndClaimsDraft, "offline")
	var last *JobProgressEvent
	rec.mu.Lock()
	for _, e := range rec.events {
		if p, ok := e.(JobProgressEvent); ok && p.Stage == "searching" {
			last = &p
		}
	}
	rec.mu.Unlock()
	if last == nil || last.Total == 0 || last.Done != last.Total || last.Message != "searching the corpus" {
		t.Fatalf("last search progress %+v", last)
	}
}
