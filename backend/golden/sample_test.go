package golden_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"continuity/backend/corpus"
	"continuity/backend/golden"
	"continuity/backend/xlsx"
)

// loadedDocs looks documents up in what the real corpus loader publishes,
// the same text the index holds.
type loadedDocs map[string]string

func (d loadedDocs) DocumentText(_ context.Context, id string) (string, bool, error) {
	t, ok := d[id]
	return t, ok, nil
}

func loadPublished(t *testing.T) loadedDocs {
	t.Helper()
	docs, _, err := corpus.Load(context.Background(), contentDir)
	if err != nil {
		t.Fatal(err)
	}
	out := loadedDocs{}
	for _, d := range docs {
		if d.Indexable() {
			out[d.ID] = d.Text
		}
	}
	return out
}

var update = flag.Bool("update", false, "rewrite corpus/golden.xlsx from testdata/sample.json")

const (
	sampleJSON = "testdata/sample.json"
	sampleXLSX = "../../corpus/golden.xlsx"
	contentDir = "../../corpus/content"
)

// TestSampleGoldenSet checks the sample set against the published corpus
// and that corpus/golden.xlsx is generated from it (go test -update).
func TestSampleGoldenSet(t *testing.T) {
	raw, err := os.ReadFile(sampleJSON)
	if err != nil {
		t.Fatal(err)
	}
	var rows []golden.Row
	if err := json.Unmarshal(raw, &rows); err != nil {
		t.Fatal(err)
	}
	count := map[golden.Category]int{}
	for _, r := range rows {
		count[r.Category]++
	}
	if len(rows) < 40 || count[golden.Routine] == 0 || count[golden.Tricky] == 0 || count[golden.Refuse] == 0 {
		t.Fatalf("sample has %d rows %v; want ≥ 40 covering every category", len(rows), count)
	}
	if issues := golden.Check(rows, nil); len(issues) > 0 {
		t.Fatalf("structural issues: %+v", issues)
	}
	ctx := context.Background()
	docs := loadPublished(t)
	warnings, err := golden.CheckCorpus(ctx, rows, nil, docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Fatalf("corpus warnings: %+v", warnings)
	}
	for _, r := range rows {
		if r.SupportingLine == "" {
			continue
		}
		found := false
		for _, id := range r.ReferenceDocIDs {
			text, ok, err := docs.DocumentText(ctx, id)
			if err != nil || !ok {
				t.Fatalf("%s: %s not published (%v)", r.ID, id, err)
			}
			found = found || strings.Contains(text, r.SupportingLine)
		}
		if !found {
			t.Errorf("%s: supporting line is not a verbatim substring of %v", r.ID, r.ReferenceDocIDs)
		}
	}
	if *update {
		if err := xlsx.WriteFile(sampleXLSX, rows); err != nil {
			t.Fatal(err)
		}
	}
	res, err := xlsx.ReadFile(ctx, filepath.FromSlash(sampleXLSX))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 || len(res.Warnings) > 0 {
		t.Fatalf("corpus/golden.xlsx: %+v %+v", res.Errors, res.Warnings)
	}
	if !reflect.DeepEqual(res.Rows, rows) {
		t.Fatalf("corpus/golden.xlsx is stale; run go test ./backend/golden -run TestSampleGoldenSet -update")
	}
}
