package glove

import (
	"sync"
	"testing"

	"continuity/backend/models"
)

var table struct {
	once sync.Once
	m    *Model
	err  error
	path string
}

// realModel loads the table `make models` builds, or skips the test.
func realModel(t testing.TB) *Model {
	t.Helper()
	table.once.Do(func() {
		table.path, table.err = models.Find("", models.GloVe)
		if table.err == nil {
			table.m, table.err = Load(table.path)
		}
	})
	if table.m == nil {
		t.Skipf("GloVe table not available (run `make models`): %v", table.err)
	}
	return table.m
}

func TestRealTable(t *testing.T) {
	t.Parallel()
	m := realModel(t)
	if m.Len() != 100000 || m.Dims() != 100 {
		t.Errorf("table has %d words × %d dims, want 100000 × 100", m.Len(), m.Dims())
	}
	if r, ok := m.Rank("the"); !ok || r != 0 {
		t.Errorf(`rank of "the" = %d, %v; want 0`, r, ok)
	}
	// Every token form the tokenizer makes for contractions must exist.
	for _, w := range []string{"not", "are", "will", "have", "am", "would", "can", "long-term", "e-mail"} {
		if _, ok := m.Vector(w); !ok {
			t.Errorf("%q is not in the table", w)
		}
	}
}

func TestRealSynonymsCloserThanUnrelated(t *testing.T) {
	t.Parallel()
	m := realModel(t)
	cases := []struct{ word, near, far string }{
		{"cat", "kitten", "invoice"},
		{"buy", "purchase", "kitten"},
		{"mandatory", "compulsory", "banana"},
		{"refund", "reimbursement", "volcano"},
		{"begin", "start", "chemistry"},
	}
	for _, c := range cases {
		t.Run(c.word, func(t *testing.T) {
			near, ok1 := m.Similarity(c.word, c.near)
			far, ok2 := m.Similarity(c.word, c.far)
			if !ok1 || !ok2 {
				t.Fatalf("words missing: %v %v", ok1, ok2)
			}
			if near <= far || near < 0.4 {
				t.Errorf("sim(%s,%s) = %.3f, sim(%s,%s) = %.3f; want the first clearly higher",
					c.word, c.near, near, c.word, c.far, far)
			}
		})
	}
	if _, ok := m.Similarity("cat", "zzzqqq"); ok {
		t.Error("similarity with an unknown word reported ok")
	}
}

func BenchmarkLoad(b *testing.B) {
	realModel(b)
	for b.Loop() {
		if _, err := Load(table.path); err != nil {
			b.Fatal(err)
		}
	}
}
