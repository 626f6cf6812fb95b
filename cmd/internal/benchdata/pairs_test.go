package benchdata

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadPairs(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "a.jsonl")
	if err := os.WriteFile(plain, []byte(`{"id":"x-1","label":"supported","handbook_dev_page":true}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	zipped := filepath.Join(dir, "b.jsonl.gz")
	f, err := os.Create(zipped)
	if err != nil {
		t.Fatal(err)
	}
	gz := gzip.NewWriter(f)
	if _, err := gz.Write([]byte(`{"id":"y-1","label":"contradicted"}` + "\n" + `{bad` + "\n")); err != nil {
		t.Fatal(err)
	}
	gz.Close()
	f.Close()
	var got []PairRow
	if err := ReadPairs(plain, func(r PairRow) { got = append(got, r) }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != "x-1" || !got[0].HandbookDevPage {
		t.Fatalf("plain: %+v", got)
	}
	err = ReadPairs(zipped, func(r PairRow) { got = append(got, r) })
	if err == nil || !strings.Contains(err.Error(), "b.jsonl.gz:2") {
		t.Fatalf("want an error naming line 2, got %v", err)
	}
	if len(got) != 2 || got[1].Label != "contradicted" {
		t.Fatalf("gzip: %+v", got)
	}
}
