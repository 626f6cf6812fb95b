package uselite

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// reservedIDs are the vocabulary's control pieces (unknown, <s>, </s>,
// three extras); the tokenizer never produces them except unknown = 0.
const reservedIDs = 6

const wordSep = "▁"

type piece struct {
	id    int32
	score float64
}

// Tokenizer is the SentencePiece-unigram segmenter of the USE-lite package,
// reproducing its JavaScript tokenizer's choices exactly, quirks included,
// since the model was run on what that tokenizer produces.
type Tokenizer struct {
	pieces map[string]piece
	back   []int // per id: how far the JS backtrack steps (UTF-16 length)
	maxLen int   // longest piece, in code points
}

// LoadTokenizer reads a vocab.json: an array of [piece, score] pairs in id
// order, where a null score counts as 0 (as JavaScript's null + x does).
func LoadTokenizer(path string) (*Tokenizer, error) {
	return readTokenizer(os.DirFS(filepath.Dir(path)), filepath.Base(path), io.Discard)
}

// readTokenizer is LoadTokenizer of name in fsys, also writing the file's
// bytes to sum.
func readTokenizer(fsys fs.FS, name string, sum io.Writer) (*Tokenizer, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("read vocabulary: %w", err)
	}
	_, _ = sum.Write(raw) // a hash, or io.Discard: never fails
	var entries [][]json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, fmt.Errorf("%w: vocab.json: %w", ErrModel, err)
	}
	words := make([]string, len(entries))
	scores := make([]float64, len(entries))
	for k, e := range entries {
		if len(e) != 2 {
			return nil, fmt.Errorf("%w: vocab.json entry %d has %d fields", ErrModel, k, len(e))
		}
		if err := json.Unmarshal(e[0], &words[k]); err != nil {
			return nil, fmt.Errorf("%w: vocab.json entry %d: %w", ErrModel, k, err)
		}
		var s *float64
		if err := json.Unmarshal(e[1], &s); err != nil {
			return nil, fmt.Errorf("%w: vocab.json entry %d: %w", ErrModel, k, err)
		}
		if s != nil {
			scores[k] = *s
		}
	}
	return newTokenizer(words, scores)
}

func newTokenizer(words []string, scores []float64) (*Tokenizer, error) {
	if len(words) <= reservedIDs {
		return nil, fmt.Errorf("%w: vocabulary of %d pieces", ErrModel, len(words))
	}
	t := &Tokenizer{pieces: make(map[string]piece, len(words)), back: make([]int, len(words))}
	for id, w := range words {
		t.back[id] = len(utf16.Encode([]rune(w)))
		if id < reservedIDs || w == "" {
			continue
		}
		// A repeated piece keeps its last id and score, as the JS trie does.
		t.pieces[w] = piece{int32(id), scores[id]}
		t.maxLen = max(t.maxLen, utf8.RuneCountInString(w))
	}
	return t, nil
}

// Encode returns the piece ids of text: NFKC, "▁" before the text and in
// place of every space, then the best-scoring segmentation.
func (t *Tokenizer) Encode(text string) []int32 {
	s := norm.NFKC.String(text)
	if s == "" {
		return nil
	}
	s = wordSep + strings.ReplaceAll(s, " ", wordSep)

	// at[k] is the byte offset of code point k; at[n] = len(s).
	at := make([]int, 0, len(s)+1)
	for off := range s {
		at = append(at, off)
	}
	n := len(at)
	at = append(at, len(s))

	// best[e] is the best score of a segmentation of the first e code
	// points and word[e] the id of its last piece. Like the JS, 0 doubles as
	// "unset", and later candidates win ties.
	best := make([]float64, n+1)
	word := make([]int32, n+1)
	type edge struct {
		start int
		p     piece
	}
	ending := make([][]edge, n+1)
	for i := range n {
		found := false
		for l := 1; l <= t.maxLen && i+l <= n; l++ {
			if p, ok := t.pieces[s[at[i]:at[i+l]]]; ok {
				ending[i+l] = append(ending[i+l], edge{i, p})
				found = true
			}
		}
		if !found {
			ending[i+1] = append(ending[i+1], edge{i, piece{0, 0}})
		}
	}
	for e := 1; e <= n; e++ {
		// Starts ascend because pieces were added by ascending start.
		for _, c := range ending[e] {
			score := c.p.score + best[c.start]
			if best[e] == 0 || score >= best[e] {
				best[e] = score
				word[e] = c.p.id
			}
		}
	}

	var rev []int32
	for k := n; k > 0; k -= t.back[word[k]] {
		rev = append(rev, word[k])
	}
	// Reverse, collapsing each run of unknowns into one.
	out := make([]int32, 0, len(rev))
	for k := len(rev) - 1; k >= 0; k-- {
		if rev[k] == 0 && k+1 < len(rev) && rev[k+1] == 0 {
			continue
		}
		out = append(out, rev[k])
	}
	return out
}
