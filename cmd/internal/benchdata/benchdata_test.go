package benchdata

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReadJSONL(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body string
		want       []string
		err        string
	}{
		{"lines and blanks", "{\"_id\":\"a\"}\n\n{\"_id\":\"b\"}\n", []string{"a", "b"}, ""},
		{"a bad line names its number", "{\"_id\":\"a\"}\n{oops\n", nil, ":2:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := filepath.Join(t.TempDir(), "x.jsonl")
			if err := os.WriteFile(p, []byte(c.body), 0o644); err != nil {
				t.Fatal(err)
			}
			var got []string
			err := ReadJSONL(p, func(d BEIRDoc) error { got = append(got, d.ID); return nil })
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("err %v, want one naming %q", err, c.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, c.want) {
				t.Fatalf("got %v, %v; want %v", got, err, c.want)
			}
		})
	}
}

func TestReadQrelsKeepsFileOrder(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "q.tsv")
	if err := os.WriteFile(p, []byte("query-id\tcorpus-id\tscore\r\n7\t10\t1\r\n3\t11\t1\r\n7\t12\t1\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ids, docs, err := ReadQrels(p)
	if err != nil || !slices.Equal(ids, []string{"7", "3"}) || !slices.Equal(docs["7"], []string{"10", "12"}) {
		t.Fatalf("ids %v docs %v err %v", ids, docs, err)
	}
}

func TestWriteSciFactContentLeavesSameBytesAlone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	corpus := filepath.Join(dir, "corpus.jsonl")
	if err := os.WriteFile(corpus, []byte(`{"_id":"42","title":"A: title","text":"Body."}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "content")
	if n, err := WriteSciFactContent(out, corpus); err != nil || n != 1 {
		t.Fatalf("n %d err %v", n, err)
	}
	p := filepath.Join(out, "42.md")
	st1, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	if !strings.Contains(string(b), "id: \"42\"\ntitle: \"A: title\"") {
		t.Fatalf("front matter %q", b)
	}
	if _, err := WriteSciFactContent(out, corpus); err != nil {
		t.Fatal(err)
	}
	st2, _ := os.Stat(p)
	if !st2.ModTime().Equal(st1.ModTime()) {
		t.Fatal("an unchanged abstract was rewritten")
	}
}
