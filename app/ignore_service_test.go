package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Corpus view's skipped list and the Settings ignore panel over a real
// session: a sync lists what it left out, a saved rule prunes at the next
// sync, and an invalid line is refused with its number.
func TestDesktopSkippedAndIgnoreRules(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	rec := &recorder{}
	ws := shippingWorkspace(t)
	mustOK(t, os.WriteFile(filepath.Join(ws, "README.md"), []byte("# Front page\n\nWelcome.\n"), 0o644))
	mustOK(t, os.MkdirAll(filepath.Join(ws, "content", "old"), 0o755))
	mustOK(t, os.WriteFile(filepath.Join(ws, "content", "old", "x.md"), []byte("# Old\n\nOld text.\n"), 0o644))
	svc := desktop(t, rec, ws)
	sync := func() SyncReportDTO {
		t.Helper()
		_, err := svc.Corpus.Sync()
		mustOK(t, err)
		svc.Corpus.c.jobs.wait()
		d := rec.syncsDone()[len(rec.syncsDone())-1]
		rep, ok := d.Result.(SyncReportDTO)
		if !d.OK || !ok {
			t.Fatalf("sync job: %+v", d)
		}
		return rep
	}
	rep := sync()
	if len(rep.Skipped) != 1 || rep.Skipped[0] != (SkippedDTO{Path: "README.md", Reason: "workspace_file", Detail: rep.Skipped[0].Detail}) || rep.Documents != 2 {
		t.Fatalf("first sync: documents %d, skipped %+v", rep.Documents, rep.Skipped)
	}
	rules, err := svc.Corpus.IgnoreRules()
	mustOK(t, err)
	if rules.Text != "" || len(rules.Defaults) != 4 || len(rules.Rules) != 4 || !strings.HasSuffix(rules.Path, ".continuityignore") {
		t.Fatalf("rules before a file: %+v", rules)
	}
	if _, err := svc.Corpus.SaveIgnoreRules("content/old/\n[bad\n"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("invalid text saved or error unlocated: %v", err)
	}
	rules, err = svc.Corpus.SaveIgnoreRules("# old pages\ncontent/old/\n")
	mustOK(t, err)
	if len(rules.Rules) != 5 || rules.Rules[4].Line != 2 || len(rules.Errors) != 0 {
		t.Fatalf("rules after save: %+v", rules)
	}
	rep = sync()
	if rep.Removed != 1 || rep.Documents != 1 || len(rep.Skipped) != 2 || rep.Skipped[1].Detail != ".continuityignore:2 content/old/" {
		t.Fatalf("sync after the rule: removed %d, documents %d, skipped %+v", rep.Removed, rep.Documents, rep.Skipped)
	}
	st, err := svc.Corpus.IndexStats()
	mustOK(t, err)
	if len(st.Skipped) != len(rep.Skipped) {
		t.Fatalf("stats skipped %+v, want the last sync's %+v", st.Skipped, rep.Skipped)
	}
}
