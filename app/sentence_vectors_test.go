package app

import (
	"errors"
	"testing"

	"continuity/backend/models"
)

// A desktop sync leaves the sentence vectors to a background job that it
// names in its report; when the job is done, IndexStats counts them all.
func TestDesktopSyncFillsSentenceVectorsInTheBackground(t *testing.T) { // not parallel: sets $CONTINUITY_CORPUS
	if _, err := models.Find("", models.USELite); errors.Is(err, models.ErrNotFound) {
		t.Skipf("USE-lite not installed: %v (run `make models`)", err)
	}
	rec := &recorder{}
	svc := desktop(t, rec, shippingWorkspace(t))
	_, err := svc.Corpus.Sync()
	mustOK(t, err)
	svc.Corpus.c.jobs.wait()
	var sync SyncReportDTO
	var fill *JobDoneEvent
	for _, d := range rec.done() {
		if r, ok := d.Result.(SyncReportDTO); ok {
			sync = r
		}
		if d.Kind == "sentence-vectors" {
			fill = &d
		}
	}
	if sync.SentenceJob == "" || fill == nil || fill.JobID != sync.SentenceJob || !fill.OK {
		t.Fatalf("sync report job %q, fill %+v; want the named fill job, done", sync.SentenceJob, fill)
	}
	rep, ok := fill.Result.(SentenceVectorsDTO)
	if !ok || rep.Embedded == 0 || rep.Have != rep.Total {
		t.Fatalf("fill result %+v; want every sentence embedded", fill.Result)
	}
	st, err := svc.Corpus.IndexStats()
	mustOK(t, err)
	if st.Sentences == 0 || st.SentenceVectors != st.Sentences {
		t.Fatalf("index stats: %d of %d sentence vectors; want all", st.SentenceVectors, st.Sentences)
	}
	// Nothing left to embed: the next sync starts no job.
	_, err = svc.Corpus.Sync()
	mustOK(t, err)
	svc.Corpus.c.jobs.wait()
	last := rec.syncsDone()[len(rec.syncsDone())-1].Result.(SyncReportDTO)
	if last.SentenceJob != "" {
		t.Fatalf("a sync with every vector in place started %q", last.SentenceJob)
	}
}
