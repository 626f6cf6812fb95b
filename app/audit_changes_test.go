package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestChangedFactsListWhatASyncSawChange(t *testing.T) {
	sess := openAuditSession(t)
	h := newAuditHarness(t, sess)
	first, err := h.svc.ChangedFacts("")
	if err != nil || len(first.Facts) != 0 {
		t.Fatalf("before any edit: %+v, %v", first, err)
	}
	ws, err := sess.Workspace(h.c.ctx)
	if err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(ws.ContentDir(), "help", "refund-policy.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, []byte(strings.Replace(string(b), "30 days", "45 days", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := h.svc.ChangedFacts("2020-01-01")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Facts) != 1 || got.Facts[0].Kind != "value" || got.Facts[0].Commit != "" || got.Notice == "" ||
		!strings.Contains(got.Facts[0].Old, "30 days") || !strings.Contains(got.Facts[0].New, "45 days") {
		t.Fatalf("changed facts %+v, want the one edit with no commit and a notice why", got)
	}
	if _, err := h.svc.ChangedFacts("-x"); err == nil {
		t.Error("a bad since was accepted")
	}
}
