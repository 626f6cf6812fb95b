package evalrun

import (
	"errors"
	"strings"
	"testing"
)

func TestParseVary(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		specs   []string
		size    int
		wantErr string // "" means no error
	}{
		{"one key two values", []string{"k=4,8"}, 2, ""},
		{"the issue's grid is at the limit", []string{"chunk=200,400", "overlap=40", "k=4,8", "embedder=lsa,use-lite"}, 8, ""},
		{"spaces are trimmed", []string{" k = 4 , 8 "}, 2, ""},
		{"unknown key names the allowed ones", []string{"topk=4"}, 0, `unknown key "topk": want one of chunk, overlap, k, embedder`},
		{"missing values", []string{"k="}, 0, "want KEY=VALUE"},
		{"no equals sign", []string{"k"}, 0, "want KEY=VALUE"},
		{"not a number", []string{"k=four"}, 0, `k="four": want a whole number from 1 to 50`},
		{"out of range", []string{"chunk=5"}, 0, `chunk="5": want a whole number from 20 to 2000`},
		{"unknown embedder", []string{"embedder=bert"}, 0, `embedder="bert": want one of lsa, use-lite`},
		{"key given twice", []string{"k=4", "k=8"}, 0, `key "k" given twice`},
		{"value given twice", []string{"k=4,4"}, 0, "k=4 is listed twice"},
		{"grid over the limit names count and limit", []string{"k=2,3,4", "chunk=100,200,300"}, 0, "the grid has 9 configurations (3 k × 3 chunk); at most 8 are allowed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			v, err := ParseVary(c.specs)
			if c.wantErr != "" {
				if err == nil || !errors.Is(err, ErrVary) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("got error %v, want ErrVary containing %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("got error %v, want none", err)
			}
			if got := v.Size(); got != c.size {
				t.Fatalf("got %d configurations, want %d", got, c.size)
			}
		})
	}
}

func TestGridAndColumns(t *testing.T) {
	t.Parallel()
	base := DefaultConfig()
	cases := []struct {
		name    string
		specs   []string
		labels  []string // column labels, baseline marked with "!"
		wantErr string
	}{
		{"baseline in the grid is marked", []string{"k=4,8"}, []string{"k=4", "k=8!"}, ""},
		{"baseline outside the grid comes first", []string{"k=4,6"}, []string{"k=8!", "k=4", "k=6"}, ""},
		{"single-valued keys are not in the labels", []string{"overlap=20", "k=4,8"}, []string{"overlap=40 k=8!", "k=4", "k=8"}, ""},
		{"product in flag order", []string{"chunk=200,400", "embedder=lsa,use-lite"},
			[]string{"chunk=200 embedder=lsa!", "chunk=200 embedder=use-lite", "chunk=400 embedder=lsa", "chunk=400 embedder=use-lite"}, ""},
		{"overlap must stay below the chunk", []string{"chunk=40,200"}, nil, "overlap=40 must be below chunk=40"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			v, err := ParseVary(c.specs)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			grid, err := v.Grid(base)
			if c.wantErr != "" {
				if err == nil || !errors.Is(err, ErrVary) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("got error %v, want ErrVary containing %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("grid: %v", err)
			}
			var got []string
			for _, col := range Columns(v, grid, base) {
				l := col.Label
				if col.Baseline {
					l += "!"
				}
				got = append(got, l)
			}
			if strings.Join(got, "|") != strings.Join(c.labels, "|") {
				t.Fatalf("got columns %q, want %q", got, c.labels)
			}
		})
	}
}

func TestIndexHash(t *testing.T) {
	t.Parallel()
	base := DefaultConfig()
	other := func(f func(*Config)) Config { c := base; f(&c); return c }
	cases := []struct {
		name string
		c    Config
		dir  string
		same bool
	}{
		{"k does not change the index", other(func(c *Config) { c.K = 4 }), "/corpus/content", true},
		{"the same folder spelled differently", base, "/corpus/./content/", true},
		{"chunk size does", other(func(c *Config) { c.Chunk = 400 }), "/corpus/content", false},
		{"overlap does", other(func(c *Config) { c.Overlap = 0 }), "/corpus/content", false},
		{"embedder does", other(func(c *Config) { c.Embedder = EmbedderUSELite }), "/corpus/content", false},
		{"another corpus does", base, "/other/content", false},
	}
	want := base.IndexHash("/corpus/content")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := c.c.IndexHash(c.dir); (got == want) != c.same {
				t.Fatalf("got hash %s against %s, want same=%v", got, want, c.same)
			}
		})
	}
}
