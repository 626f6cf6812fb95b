package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func lastResult(t *testing.T, rec *recorder, jobID string) SourcesSyncDTO {
	t.Helper()
	for _, d := range rec.done() {
		if d.JobID == jobID {
			if !d.OK {
				t.Fatalf("job %s failed: %s", jobID, d.Error)
			}
			out, ok := d.Result.(SourcesSyncDTO)
			if !ok {
				t.Fatalf("job result %T, want SourcesSyncDTO", d.Result)
			}
			return out
		}
	}
	t.Fatalf("job %s never finished", jobID)
	return SourcesSyncDTO{}
}

// The desktop adds a WordPress export as a job that syncs it and the
// index, lists it after the content folder, and removes it again.
func TestDesktopSourcesAddListRemove(t *testing.T) { // not parallel: desktop sets $CONTINUITY_CORPUS
	rec := &recorder{}
	svc := desktop(t, rec, shippingWorkspace(t))
	raw, err := os.ReadFile("../backend/ingest/testdata/export.xml")
	mustOK(t, err)
	export := filepath.Join(t.TempDir(), "blog.xml")
	mustOK(t, os.WriteFile(export, raw, 0o644))

	if _, err := svc.Sources.Add("wxr", filepath.Join(t.TempDir(), "missing.xml"), ""); err == nil || !strings.Contains(err.Error(), "invalid source") {
		t.Fatalf("adding a missing file: %v; want it refused at once", err)
	}
	job, err := svc.Sources.Add("wxr", export, "")
	mustOK(t, err)
	svc.Sources.c.jobs.wait()
	res := lastResult(t, rec, job)
	if len(res.Sources) != 1 || res.Sources[0].Documents != 3 || len(res.Sources[0].Skipped) != 3 || res.Index.Added != 4 || len(res.Failed) != 0 {
		t.Fatalf("add result %+v; want blog with 3 documents and 3 skipped, 4 added to the index", res)
	}

	list, err := svc.Sources.List()
	mustOK(t, err)
	if len(list) != 2 || !list[0].Builtin || list[0].Documents != 1 || list[1].Name != "blog" || list[1].LastSync == "" {
		t.Fatalf("list %+v; want the content folder (1 document) then blog", list)
	}

	job, err = svc.Sources.Remove("blog")
	mustOK(t, err)
	svc.Sources.c.jobs.wait()
	if res := lastResult(t, rec, job); res.Index.Removed != 3 || res.Index.Documents != 1 {
		t.Fatalf("remove result %+v; want 3 removed, 1 left", res.Index)
	}
}
