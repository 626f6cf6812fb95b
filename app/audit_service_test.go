package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wailsapp/wails/v2/pkg/runtime"
	"github.com/xuri/excelize/v2"

	"continuity/backend/audit"
	"continuity/backend/session"
)

const muddyPage = `---
id: help-plan-prices
title: Plan prices
published: 2026-01-10
status: published
---

# Plan prices

Basic and Pro cost $5 and $10 a month.
`

// auditWorkspace is a temp workspace: the current refund policy, an old
// copy of it with two facts changed (and an older date), a page with a
// muddy sentence and two unrelated sample pages.
func auditWorkspace(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(root, "content", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join("..", "corpus", "content", rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	policy := read("help/refund-policy.md")
	write("help/refund-policy.md", policy)
	write("help/refund-policy-old.md", strings.NewReplacer(
		"id: help-refund-policy\n", "id: help-refund-policy-old\n",
		"title: Refund policy\n", "title: Refund policy (old)\n",
		"url: https://help.tallyhub.example/refund-policy\n", "url: https://help.tallyhub.example/refund-policy-old\n",
		"published: 2026-03-14", "published: 2023-05-02",
		"30 days", "14 days",
	).Replace(policy))
	write("help/plan-prices.md", muddyPage)
	write("help/support-hours.md", read("help/support-hours.md"))
	write("help/change-plan.md", read("help/change-plan.md"))
	return root
}

type auditHarness struct {
	svc *AuditService
	rec *recorder
	c   *core
}

func newAuditHarness(t *testing.T, sess *session.Session) auditHarness {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ready := make(chan struct{})
	close(ready)
	rec := &recorder{}
	c := &core{ctx: ctx, sess: sess, log: log, startupDone: ready, jobs: newJobs(ctx, rec, log)}
	return auditHarness{svc: &AuditService{c: c}, rec: rec, c: c}
}

func openAuditSession(t *testing.T) *session.Session {
	t.Helper()
	t.Setenv("CONTINUITY_MODELS", t.TempDir()) // LSA keeps indexing quick
	t.Setenv("CONTINUITY_CACHE_DIR", t.TempDir())
	sess, err := session.Open(context.Background(), session.Options{DataDir: t.TempDir(), CorpusFlag: auditWorkspace(t)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	return sess
}

// runAudit runs one audit job to its end and returns its done event.
func (h auditHarness) runAudit(t *testing.T) JobDoneEvent {
	t.Helper()
	id := h.svc.StartAudit()
	h.c.jobs.wait()
	for _, d := range h.rec.done() {
		if d.JobID == id {
			return d
		}
	}
	t.Fatalf("no job:done for %s", id)
	return JobDoneEvent{}
}

func refundConflict(t *testing.T, rep AuditReportDTO) AuditConflictDTO {
	t.Helper()
	for _, c := range rep.Conflicts {
		if c.A.DocID == "help-refund-policy" && c.B.DocID == "help-refund-policy-old" {
			return c
		}
	}
	t.Fatalf("no conflict between the current and the old refund policy in %+v", rep.Conflicts)
	return AuditConflictDTO{}
}

func TestAuditJobFindsTheOldPageAndKeepsItsStatus(t *testing.T) {
	sess := openAuditSession(t)
	h := newAuditHarness(t, sess)
	if got := h.svc.Conflicts(); got.Audited || len(got.Conflicts) != 0 {
		t.Fatalf("before an audit: %+v, want not audited", got)
	}
	done := h.runAudit(t)
	if !done.OK || done.Kind != "audit" {
		t.Fatalf("audit job: %+v", done)
	}
	rep, ok := done.Result.(AuditReportDTO)
	if !ok {
		t.Fatalf("job result is %T, want AuditReportDTO", done.Result)
	}
	c := refundConflict(t, rep)
	if c.Newer != "a" || c.A.Date != "2026-03-14" || c.B.Date != "2023-05-02" {
		t.Errorf("newer = %q (A %s, B %s), want the current page newer", c.Newer, c.A.Date, c.B.Date)
	}
	if c.Status != audit.StatusOpen || c.Topic != "Refund policy ↔ Refund policy (old)" || c.Confidence <= 0 {
		t.Errorf("conflict = %+v", c)
	}
	if !strings.Contains(c.B.Quote, "14 days") || len(c.Values) == 0 || c.Values[0] != (AuditValueDTO{A: "30 days", B: "14 days"}) {
		t.Errorf("quote %q values %+v, want 30 days vs 14 days", c.B.Quote, c.Values)
	}
	var sawProgress bool
	for _, e := range h.rec.events {
		if p, ok := e.(JobProgressEvent); ok && p.Kind == "audit" && p.Total > 0 {
			sawProgress = true
		}
	}
	if !sawProgress {
		t.Error("no audit progress event with a total")
	}

	if err := h.svc.SetConflictStatus(c.Key, audit.StatusIntended, "archived page"); err != nil {
		t.Fatal(err)
	}
	if got := refundConflict(t, h.svc.Conflicts()); got.Status != audit.StatusIntended || got.Note != "archived page" {
		t.Errorf("after marking: %s %q", got.Status, got.Note)
	}
	// a new app session on the same data dir: the mark is stored
	again := newAuditHarness(t, sess)
	d2 := again.runAudit(t)
	if !d2.OK {
		t.Fatalf("second audit: %+v", d2)
	}
	rep2 := d2.Result.(AuditReportDTO)
	if got := refundConflict(t, rep2); got.Status != audit.StatusIntended || got.Note != "archived page" {
		t.Errorf("after a restart: %s %q, want intended", got.Status, got.Note)
	}
	if rep2.Reused != rep2.Documents {
		t.Errorf("unchanged corpus re-audited: reused %d of %d", rep2.Reused, rep2.Documents)
	}
}

func TestSetConflictStatusRejects(t *testing.T) {
	h := newAuditHarness(t, openAuditSession(t))
	cases := []struct{ name, key, status, note string }{
		{"unknown status", "k", "done", ""},
		{"no key", "", audit.StatusResolved, ""},
		{"note too long", "k", audit.StatusIntended, strings.Repeat("x", audit.MaxNote+1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := h.svc.SetConflictStatus(c.key, c.status, c.note); !errors.Is(err, audit.ErrInvalid) {
				t.Fatalf("err = %v, want ErrInvalid", err)
			}
		})
	}
}

func TestAuditCancelledBeforeItStarts(t *testing.T) {
	sess := openAuditSession(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ready := make(chan struct{})
	close(ready)
	rec := &recorder{}
	c := &core{ctx: context.Background(), sess: sess, log: log, startupDone: ready, jobs: newJobs(ctx, rec, log)}
	svc := &AuditService{c: c}
	svc.StartAudit()
	c.jobs.wait()
	d := rec.done()
	if len(d) != 1 || !d[0].Canceled {
		t.Fatalf("done = %+v, want one cancelled job", d)
	}
	if svc.Conflicts().Audited {
		t.Error("a cancelled audit became the last report")
	}
}

func TestMuddyForDocumentAndSummary(t *testing.T) {
	h := newAuditHarness(t, openAuditSession(t))
	got, err := h.svc.MuddyForDocument("help-plan-prices")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Findings) != 1 || got.Findings[0].Sentence != "Basic and Pro cost $5 and $10 a month." ||
		got.Findings[0].Kind != "shared_predicate" || got.Findings[0].Why == "" || got.Findings[0].Rewrite == "" {
		t.Fatalf("findings = %+v", got.Findings)
	}
	sum, err := h.svc.MuddySummary()
	if err != nil {
		t.Fatal(err)
	}
	if sum.Checked != 5 {
		t.Errorf("checked %d documents, want the 5 published ones", sum.Checked)
	}
	var found bool
	for _, d := range sum.Documents {
		found = found || (d.DocID == "help-plan-prices" && d.Count == 1 && d.Title == "Plan prices")
	}
	if !found {
		t.Errorf("summary %+v lacks help-plan-prices with 1", sum.Documents)
	}
	if _, err := h.svc.MuddyForDocument("no-such-doc"); err == nil {
		t.Error("an unknown document gave no error")
	}
}

func TestExportAudit(t *testing.T) {
	h := newAuditHarness(t, openAuditSession(t))
	dir := t.TempDir()
	var asked runtime.SaveDialogOptions
	h.svc.saveDialog = func(_ context.Context, o runtime.SaveDialogOptions) (string, error) {
		asked = o
		return filepath.Join(dir, o.DefaultFilename), nil
	}
	if _, err := h.svc.ExportAudit("xlsx"); !errors.Is(err, ErrNotAudited) {
		t.Fatalf("export before an audit: %v, want ErrNotAudited", err)
	}
	if d := h.runAudit(t); !d.OK {
		t.Fatalf("audit: %+v", d)
	}
	if _, err := h.svc.ExportAudit("pdf"); !errors.Is(err, audit.ErrFormat) {
		t.Fatalf("pdf export: %v, want ErrFormat", err)
	}
	path, err := h.svc.ExportAudit("xlsx")
	if err != nil {
		t.Fatal(err)
	}
	if asked.DefaultFilename != "corpus-audit.xlsx" || filepath.Base(path) != "corpus-audit.xlsx" {
		t.Errorf("saved as %q (asked %q)", path, asked.DefaultFilename)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	conf, err := f.GetRows(audit.SheetConflicts)
	if err != nil {
		t.Fatal(err)
	}
	var pair bool
	for _, r := range conf[1:] {
		pair = pair || (len(r) > 10 && r[6] == "help-refund-policy" && r[10] == "help-refund-policy-old")
	}
	if !pair {
		t.Errorf("conflicts sheet lacks the refund pair: %q", conf)
	}
	muddyRows, err := f.GetRows(audit.SheetMuddy)
	if err != nil {
		t.Fatal(err)
	}
	if len(muddyRows) < 2 || muddyRows[1][0] != "help-plan-prices" {
		t.Errorf("muddy sheet = %q", muddyRows)
	}
	h.svc.saveDialog = func(context.Context, runtime.SaveDialogOptions) (string, error) { return "", nil }
	if p, err := h.svc.ExportAudit("md"); err != nil || p != "" {
		t.Errorf("cancelled dialog: %q, %v; want nothing written", p, err)
	}
}
