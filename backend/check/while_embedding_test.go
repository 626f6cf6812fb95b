package check

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"continuity/backend/claims"
	"continuity/backend/engine"
	"continuity/backend/models"
	"continuity/backend/progress"
)

// Issue 32: a writer checks while the sync of a large corpus is still
// embedding its sentences. One session (continuity index) syncs and then
// fills the sentence vectors; a second session on the same data dir (a
// check in another process) runs while the fill has stored only its first
// page, and gets its verdicts, with the vectors it read embedded by itself.
func TestCheckWhileSentenceVectorsFill(t *testing.T) {
	t.Parallel()
	if _, err := models.Find("", models.USELite); errors.Is(err, models.ErrNotFound) {
		t.Skipf("USE-lite not installed: %v (run `make models`)", err)
	}
	root := t.TempDir()
	content := filepath.Join(root, "content")
	if err := os.MkdirAll(content, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(content, "remote-work.md"), []byte(newUserPage), 0o644); err != nil {
		t.Fatal(err)
	}
	// 200 filler pages: about 1,200 sentences, three pages of the fill.
	for i := range 200 {
		page := fmt.Sprintf("# Office %d\n\nOffice %d opens at %d:00 on weekdays. Its kitchen has %d chairs. Visitors sign in at desk %d. "+
			"Parking is free after %d pm. The printer on floor %d needs a badge.\n", i, i, 7+i%3, 10+i, i, 5+i%4, 1+i%5)
		if err := os.WriteFile(filepath.Join(content, fmt.Sprintf("office-%03d.md", i)), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data := t.TempDir()
	indexer := openSession(t, data, root)
	ctx := context.Background()
	if _, _, err := indexer.FreshIndex(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if err := indexer.ReleaseIndex(); err != nil {
		t.Fatal(err)
	}
	firstPage, checked := make(chan struct{}), make(chan struct{})
	filled := make(chan error, 1)
	go func() {
		once := false
		_, err := indexer.FillSentenceVectors(ctx, func(e progress.Event) {
			if !once {
				once = true
				close(firstPage)
				<-checked // the fill is under way until the check is done
			}
		})
		filled <- err
	}()
	<-firstPage
	writer := openSession(t, data, root)
	out, err := Run(ctx, writer, Request{Draft: "# Home office\n\nWe cover home internet costs of up to $50 a month.\n", Source: SourceCLI, Engine: engine.Offline}, nil)
	close(checked)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-filled; err != nil {
		t.Fatalf("the fill beside the check: %v", err)
	}
	rep := out.Record.Report
	if sv := rep.SentenceVectors; sv == nil || sv.Have >= sv.Total || sv.Have < 512 {
		t.Fatalf("sentence vectors at check time %+v; want the fill part-way (its first page stored)", sv)
	}
	if strings.Contains(rep.Model, "degraded") {
		t.Errorf("model %q: the check read sentence vectors, it must not be degraded", rep.Model)
	}
	if len(rep.Claims) != 1 || rep.Claims[0].Verdict != string(claims.Contradicted) || !strings.Contains(rep.Claims[0].Explanation, "$75") {
		t.Fatalf("claims %+v; want the $50 claim contradicted citing $75", rep.Claims)
	}
}
