package app

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"continuity/backend/draftfile"
	"continuity/backend/session"
	"continuity/backend/workdraft"
)

// draftService is the desktop's draft service over a real session on
// data, started with --corpus corpus.
func draftService(t *testing.T, data, corpus string) *DraftService {
	t.Helper()
	ctx := context.Background()
	sess, err := session.Open(ctx, session.Options{DataDir: data, CorpusFlag: corpus})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ready := make(chan struct{})
	close(ready)
	return &DraftService{c: &core{ctx: ctx, sess: sess, log: log, startupDone: ready, jobs: newJobs(ctx, &recorder{}, log)}}
}

// A typed draft is saved as the writer types and is there again after a
// restart (a new session on the same data dir), with its version.
func TestWorkingDraftSurvivesARestart(t *testing.T) {
	t.Parallel()
	data, ws := t.TempDir(), checkWorkspace(t)
	svc := draftService(t, data, ws)
	empty, err := svc.WorkingDraft()
	if err != nil || empty != (WorkingDraftDTO{}) {
		t.Fatalf("a new workspace's draft: %+v, %v; want all empty", empty, err)
	}
	saved, err := svc.SaveWorkingDraft("# Refunds\n\nYou can request a full refund within 30 days.", "refunds.md", 12)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Version != 1 || saved.SavedAt == "" || saved.FileName != "refunds.md" || saved.Cursor != 12 {
		t.Fatalf("saved %+v", saved)
	}
	again, err := svc.SaveWorkingDraft(saved.Text, saved.FileName, saved.Cursor)
	if err != nil || again != saved {
		t.Fatalf("an unchanged save gave %+v, %v; want %+v", again, err, saved)
	}
	edited, err := svc.SaveWorkingDraft(saved.Text+" Any plan.", saved.FileName, 3)
	if err != nil || edited.Version != 2 {
		t.Fatalf("edited %+v, %v", edited, err)
	}
	mustOK(t, svc.c.sess.Close())

	restarted := draftService(t, data, ws)
	got, err := restarted.WorkingDraft()
	if err != nil || got != edited {
		t.Fatalf("after the restart: %+v, %v; want %+v", got, err, edited)
	}
	if _, err := restarted.SaveWorkingDraft("caf\xe9", "", 0); !errors.Is(err, workdraft.ErrInvalid) {
		t.Fatalf("invalid text saved: %v", err)
	}
}

// Each workspace keeps its own working draft: switching folders shows the
// new one's and switching back brings the first one's back.
func TestWorkingDraftBelongsToItsWorkspace(t *testing.T) {
	t.Parallel()
	first, second := checkWorkspace(t), shippingWorkspace(t)
	svc := draftService(t, t.TempDir(), first)
	if _, err := svc.SaveWorkingDraft("First workspace's draft.", "", 0); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := svc.c.sess.SwitchWorkspace(ctx, second); err != nil {
		t.Fatal(err)
	}
	if got, err := svc.WorkingDraft(); err != nil || got.Text != "" {
		t.Fatalf("the second workspace shows %+v, %v", got, err)
	}
	if _, err := svc.c.sess.SwitchWorkspace(ctx, first); err != nil {
		t.Fatal(err)
	}
	if got, err := svc.WorkingDraft(); err != nil || got.Text != "First workspace's draft." || got.Version != 1 {
		t.Fatalf("back in the first workspace: %+v, %v", got, err)
	}
}

func TestOpenDraftFileUsesTheDialog(t *testing.T) {
	t.Parallel()
	ws := checkWorkspace(t)
	drafts := filepath.Join(ws, "drafts")
	mustOK(t, os.MkdirAll(drafts, 0o755))
	path := filepath.Join(drafts, "plans.docx")
	mustOK(t, os.WriteFile(path, testDocx(t), 0o644))
	svc := draftService(t, t.TempDir(), ws)

	var asked runtime.OpenDialogOptions
	svc.openDialog = func(_ context.Context, o runtime.OpenDialogOptions) (string, error) {
		asked = o
		return path, nil
	}
	got, err := svc.OpenDraftFile()
	if err != nil {
		t.Fatal(err)
	}
	if got != (OpenedDraftDTO{Name: "plans.docx", Format: "docx", Markdown: "# Plans\n\nThe Team plan costs $29 a month."}) {
		t.Fatalf("opened %+v", got)
	}
	if wantDir, _ := filepath.Abs(drafts); asked.DefaultDirectory != wantDir || len(asked.Filters) != 1 {
		t.Fatalf("dialog options %+v, want the drafts folder %s", asked, wantDir)
	}
	for _, p := range []string{"*.md", "*.txt", "*.html", "*.docx"} {
		if !strings.Contains(asked.Filters[0].Pattern, p) {
			t.Errorf("filter %q lacks %s", asked.Filters[0].Pattern, p)
		}
	}

	svc.openDialog = func(context.Context, runtime.OpenDialogOptions) (string, error) { return "", nil }
	if got, err := svc.OpenDraftFile(); err != nil || got != (OpenedDraftDTO{}) {
		t.Fatalf("a cancelled dialog gave %+v, %v; want an empty draft and no error", got, err)
	}
	svc.openDialog = func(context.Context, runtime.OpenDialogOptions) (string, error) {
		return filepath.Join(drafts, "missing.md"), nil
	}
	if _, err := svc.OpenDraftFile(); !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), "missing.md") {
		t.Fatalf("a vanished file: %v", err)
	}
}

func TestReadDraftBytesAndConvertHTML(t *testing.T) {
	t.Parallel()
	svc := draftService(t, t.TempDir(), checkWorkspace(t))
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	cases := []struct {
		name, file, data string
		want             OpenedDraftDTO
		wantErr          error
	}{
		{name: "html", file: "page.html", data: b64("<nav>Menu</nav><h1>Refunds</h1><p>Within 30 days.</p>"),
			want: OpenedDraftDTO{Name: "page.html", Format: "html", Markdown: "# Refunds\n\nWithin 30 days."}},
		{name: "docx", file: "plans.docx", data: base64.StdEncoding.EncodeToString(testDocx(t)),
			want: OpenedDraftDTO{Name: "plans.docx", Format: "docx", Markdown: "# Plans\n\nThe Team plan costs $29 a month."}},
		{name: "a browser path keeps only its name", file: `C:\fakepath\notes.txt`, data: b64("a\r\nb"),
			want: OpenedDraftDTO{Name: "notes.txt", Format: "txt", Markdown: "a\nb"}},
		{name: "unknown kind", file: "scan.pdf", data: b64("%PDF"), wantErr: draftfile.ErrUnsupported},
		{name: "no name", file: "", data: b64("x"), wantErr: draftfile.ErrUnsupported},
		{name: "binary", file: "d.md", data: b64("\x00\x00\x01"), wantErr: draftfile.ErrBinary},
		{name: "not a docx", file: "d.docx", data: b64("PK\x03\x04nope"), wantErr: draftfile.ErrNotDocx},
		{name: "over the size limit", file: "big.md", data: strings.Repeat("A", maxDraftBase64+1), wantErr: draftfile.ErrTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := svc.ReadDraftBytes(c.file, c.data)
			if !errors.Is(err, c.wantErr) || got != c.want {
				t.Fatalf("got %+v, %v; want %+v, %v", got, err, c.want, c.wantErr)
			}
		})
	}
	if _, err := svc.ReadDraftBytes("d.md", "not base64!"); err == nil || !strings.Contains(err.Error(), "d.md") {
		t.Fatalf("bad base64: %v", err)
	}
	md, err := svc.ConvertHTML(`<meta charset="utf-8"><b>Team</b> costs <i>$29</i><script>x()</script><table><tr><td>a</td><td>b</td></tr></table>`)
	if err != nil || md != "**Team** costs *$29*\n\n| a | b |\n|---|---|" {
		t.Fatalf("rich paste gave %q, %v", md, err)
	}
}

// testDocx is a small Word document: a title and one paragraph.
func testDocx(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create("word/document.xml")
	mustOK(t, err)
	_, err = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		`<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>Plans</w:t></w:r></w:p>` +
		`<w:p><w:r><w:t>The Team plan costs $29 a month.</w:t></w:r></w:p></w:body></w:document>`))
	mustOK(t, err)
	mustOK(t, zw.Close())
	return buf.Bytes()
}
