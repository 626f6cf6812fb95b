package retrieval

import (
	"context"
	"strings"
	"testing"

	"continuity/backend/corpus"
)

const classesPage = `# Classes

| Class | Format | Guidance |
|---|---|---|
| Tock 101 | Self-guided | Required |
| TTS 101 | Video Conference | Recommended |
`

// An index cut by an older parser holds stale chunks though no file
// changed: the next sync reads every document again, and what only the
// parser changed is not recorded as superseded, while a real edit in the
// same sync still is.
func TestSyncRereadsAfterAParserChange(t *testing.T) {
	ctx := context.Background()
	f := sentenceFixture(t)
	f.write("classes.md", classesPage)
	f.write("refunds.md", refundsV1)
	f.sync()
	// What the previous parser left: the table run together on one line.
	if _, err := f.db.Writer().ExecContext(ctx, `UPDATE index_chunks SET text = replace(text, char(10) || '|', ' |') WHERE doc_id = 'classes.md'`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.Writer().ExecContext(ctx, `UPDATE index_state SET value = '1' WHERE key = ?`, keyChunker); err != nil {
		t.Fatal(err)
	}
	f.write("refunds.md", refundsV2)
	rep := f.sync()
	if rep.Unchanged != 1 || rep.Updated != 1 {
		t.Errorf("report %+v, want the table page unchanged and the refunds page updated", rep)
	}
	chunks, err := f.ix.DocumentChunks(ctx, "classes.md")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range chunks {
		texts = append(texts, c.Text)
	}
	if got := strings.Join(texts, "\n\n"); !strings.Contains(got, "| Class | Format | Guidance |\n| Tock 101 | Self-guided | Required |\n") {
		t.Errorf("classes.md chunks not cut again: %q", got)
	}
	var tableRows, refunds int
	for _, c := range f.changes() {
		switch c.DocID {
		case "classes.md":
			tableRows++
		case "refunds.md":
			refunds++
		}
	}
	if tableRows != 0 || refunds == 0 {
		t.Errorf("superseded: %d of classes.md (want none: only the parser changed), %d of refunds.md (want its rewritten sentences)", tableRows, refunds)
	}
	if v, err := f.ix.state(ctx, keyChunker); err != nil || v != corpus.ChunkVersion {
		t.Errorf("chunker state %q, %v; want %q", v, err, corpus.ChunkVersion)
	}
	before := f.emb.texts.Load()
	if rep := f.sync(); rep.Unchanged != 2 || f.emb.texts.Load() != before {
		t.Errorf("a sync after the re-read: report %+v, %d texts embedded; want nothing read again", rep, f.emb.texts.Load()-before)
	}
}
