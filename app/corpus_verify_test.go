package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every sync verifies; Verify reads without syncing; Reindex repairs.
func TestDesktopVerifiesAfterSyncAndReindexes(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	rec := &recorder{}
	ws := shippingWorkspace(t)
	svc := desktop(t, rec, ws)
	lastSync := func() SyncReportDTO {
		t.Helper()
		svc.Corpus.c.jobs.wait()
		d := rec.syncsDone()[len(rec.syncsDone())-1]
		rep, ok := d.Result.(SyncReportDTO)
		if !d.OK || !ok {
			t.Fatalf("sync job: %+v", d)
		}
		return rep
	}
	_, err := svc.Corpus.Sync()
	mustOK(t, err)
	if rep := lastSync(); rep.Verify == nil || !rep.Verify.Clean || rep.VerifyError != "" {
		t.Fatalf("a clean sync's verification: %+v %q", rep.Verify, rep.VerifyError)
	}
	doc := filepath.Join(ws, "content", "shipping.md")
	mustOK(t, os.WriteFile(doc, []byte("---\nid: help-shipping\n---\n# Shipping\n\nOrders ship within five business days.\n"), 0o644))
	for range 2 { // read-only: the drift stays until a sync
		v, err := svc.Corpus.Verify()
		mustOK(t, err)
		if v.Clean || len(v.Drift) != 1 || v.Drift[0].Kind != "changed" || v.Drift[0].DocID != "help-shipping" || !strings.Contains(v.Hint, "continuity index") {
			t.Fatalf("verify after an edit: %+v", v)
		}
	}
	_, err = svc.Corpus.Reindex()
	mustOK(t, err)
	if rep := lastSync(); rep.Updated != 1 || rep.Verify == nil || !rep.Verify.Clean {
		t.Fatalf("re-index: %+v verify %+v", rep, rep.Verify)
	}
}
