package uselite

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// tinyVocab returns a vocabulary with the six reserved ids and a handful
// of pieces chosen to exercise scoring, ties and duplicates. Id 0 is "�",
// one UTF-16 unit, as in the real vocabulary: the JS backtrack steps by it.
func tinyVocab(t *testing.T) *Tokenizer {
	t.Helper()
	words := []string{"�", "<s>", "</s>", "x1", "x2", "x3",
		"▁", "▁a", "b", "▁ab", "c", "▁c", "▁b", "dd", "dd"}
	scores := []float64{0, 0, 0, 0, 0, 0,
		-1, -1, -2, -2.5, -1, -2, -1, -9, -3}
	tok, err := newTokenizer(words, scores)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestTokenizerAlgorithm(t *testing.T) {
	tok := tinyVocab(t)
	// The expected ids are what the package's JS tokenizer returns for the
	// same vocabulary, quirks included: an unknown piece scores 0, and 0
	// also means "no segmentation yet", so unknowns beat real pieces.
	cases := []struct {
		name string
		text string
		want []int32
	}{
		{"empty", "", nil},
		{"best score wins", "ab", []int32{9}},                // ▁ab -2.5 beats ▁a+b -3
		{"tie goes to the later piece", "c", []int32{6, 10}}, // ▁+c -2 ties ▁c -2
		{"unknown beats a scored piece", "a b", []int32{6, 0, 12}},
		{"unknown run merged", "azzz", []int32{6, 0}},
		{"unknown astral character", "a🙂", []int32{6, 0}},
		{"unknowns split by a piece", "azbz", []int32{6, 0, 8, 0}},
		{"piece then unknown", "bz", []int32{12, 0}},
		{"nfkc folds width", "ａｂ", []int32{9}},
		{"unreachable position scores 0", "a dd", []int32{6, 0, 6, 0}},
		{"reserved pieces never match", "x1", []int32{6, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := tok.Encode(c.text); !slices.Equal(got, c.want) {
				t.Errorf("Encode(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}

func TestLoadTokenizer(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name    string
		json    string
		text    string
		want    []int32
		wantErr error
	}{
		// ▁a scores null = 0, which the JS then takes for "unset" and
		// replaces with ▁+a: the result its tokenizer gives too.
		{"null score counts as zero",
			`[["u",0],["s",0],["/s",0],["e1",0],["e2",0],["e3",0],["▁",-1],["▁a",null],["a",-0.5]]`,
			"a", []int32{6, 8}, nil},
		{"not pairs", `[["u",0,1]]`, "", nil, ErrModel},
		{"too small", `[["u",0]]`, "", nil, ErrModel},
		{"not json", `{`, "", nil, ErrModel},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, "vocab.json")
			if err := os.WriteFile(p, []byte(c.json), 0o644); err != nil {
				t.Fatal(err)
			}
			tok, err := LoadTokenizer(p)
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := tok.Encode(c.text); !slices.Equal(got, c.want) {
				t.Errorf("Encode(%q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}
