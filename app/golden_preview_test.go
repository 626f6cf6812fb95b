package app

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"continuity/backend/golden"
	"continuity/backend/session"
	"continuity/backend/xlsx"
)

// goldenService is the bound service over a real session on one published
// page, with a folder for workbooks.
func goldenService(t *testing.T) (*GoldenService, string) {
	t.Helper()
	t.Setenv("CONTINUITY_MODELS", t.TempDir())
	t.Setenv("CONTINUITY_CACHE_DIR", t.TempDir())
	root := t.TempDir()
	content := filepath.Join(root, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(content, "refunds.md"),
		[]byte("---\nid: help-refund\nstatus: published\n---\nYou can get a full refund within 30 days.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sess, err := session.Open(ctx, session.Options{DataDir: t.TempDir(), CorpusFlag: root})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sess.Close() })
	ready := make(chan struct{})
	close(ready)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	return &GoldenService{c: &core{ctx: ctx, sess: sess, log: log, startupDone: ready}}, t.TempDir()
}

func writeWorkbook(t *testing.T, dir, name string, rows ...golden.Row) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := xlsx.WriteFile(path, rows); err != nil {
		t.Fatal(err)
	}
	return path
}

var refundRow = golden.Row{ID: "Q001", Question: "How long is the refund window?", Category: golden.Routine,
	ApprovedAnswer: "30 days.", ReferenceDocIDs: []string{"help-refund"}, SupportingLine: "full refund within 30 days"}

func TestGoldenImportPreviewThenCommit(t *testing.T) {
	s, dir := goldenService(t)
	first := writeWorkbook(t, dir, "billing.xlsx", refundRow)
	if _, err := s.CommitImport(first, "", false); err != nil {
		t.Fatal(err)
	}
	edited := refundRow
	edited.Notes = "checked by legal"
	added := refundRow
	added.ID, added.Question = "Q002", "Can I get a refund after 30 days?"
	copyPath := writeWorkbook(t, dir, "billing (1).xlsx", edited, added)

	cases := []struct {
		name                 string
		path, set            string
		wantSet              string
		wantExists           bool
		wantAdded, wantChged int
		wantUnchanged        bool
	}{
		{name: "a second copy defaults to the set it came from", path: copyPath, wantSet: "billing", wantExists: true, wantAdded: 1, wantChged: 1},
		{name: "a chosen new set adds every row", path: copyPath, set: "billing draft", wantSet: "billing draft", wantAdded: 2},
		{name: "the file the set holds is unchanged", path: first, wantSet: "billing", wantExists: true, wantUnchanged: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := s.PreviewImport(c.path, c.set, false)
			if err != nil {
				t.Fatal(err)
			}
			if p.Set != c.wantSet || p.DefaultSet != "billing" || p.Exists != c.wantExists || len(p.Added) != c.wantAdded ||
				len(p.Changed) != c.wantChged || p.Unchanged != c.wantUnchanged || !p.Storable {
				t.Fatalf("preview %+v", p)
			}
			if c.wantChged == 1 && (p.Changed[0].ID != "Q001" || len(p.Changed[0].Fields) != 1 || p.Changed[0].Fields[0] != "notes") {
				t.Fatalf("changed %+v, want Q001 notes", p.Changed)
			}
		})
	}
	if vs, err := s.Versions("billing"); err != nil || len(vs) != 1 {
		t.Fatalf("previews wrote versions: %+v (%v)", vs, err)
	}

	again, err := s.CommitImport(first, "billing", false)
	if err != nil || !again.Unchanged || again.Version != 1 {
		t.Fatalf("unchanged re-import %+v (%v)", again, err)
	}
	done, err := s.CommitImport(copyPath, "billing", false)
	if err != nil || done.Unchanged || done.Version != 2 || done.Imported != 2 {
		t.Fatalf("commit of the edited copy %+v (%v)", done, err)
	}
	if sets, err := s.ListSets(); err != nil || len(sets) != 1 {
		t.Fatalf("sets %+v (%v), want only billing", sets, err)
	}
}

func TestGoldenPreviewRefusesWhatWasNotAWorkbook(t *testing.T) {
	s, dir := goldenService(t)
	txt := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(txt, []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, path string }{
		{"a relative path", "billing.xlsx"},
		{"not an xlsx", txt},
		{"a missing file", filepath.Join(dir, "missing.xlsx")},
		{"a folder", dir + string(filepath.Separator) + "." + string(filepath.Separator)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := s.PreviewImport(c.path, "", false); err == nil {
				t.Fatalf("preview of %q succeeded", c.path)
			}
		})
	}
}

func TestGoldenRenameAndDelete(t *testing.T) {
	s, dir := goldenService(t)
	if _, err := s.CommitImport(writeWorkbook(t, dir, "billing.xlsx", refundRow), "", false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateSet("taken", ""); err != nil {
		t.Fatal(err)
	}
	v, err := s.RenameSet("billing", "Billing FAQ")
	if err != nil || v.Set.Name != "Billing FAQ" || len(v.Rows) != 1 {
		t.Fatalf("rename %+v (%v)", v.Set, err)
	}
	if _, err := s.RenameSet("Billing FAQ", "taken"); err == nil {
		t.Fatal("rename onto a taken name succeeded")
	}
	if err := s.DeleteSet("Billing FAQ"); err != nil {
		t.Fatal(err)
	}
	if sets, err := s.ListSets(); err != nil || len(sets) != 1 || sets[0].Name != "taken" {
		t.Fatalf("sets after delete %+v (%v)", sets, err)
	}
}
