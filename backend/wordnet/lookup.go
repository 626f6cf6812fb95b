package wordnet

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strconv"
)

// lemmaFile is an index file as read, with where each lemma line starts.
type lemmaFile struct {
	text  []byte
	lines []uint32
}

func newLemmaFile(text []byte) (*lemmaFile, error) {
	lf := &lemmaFile{text: text}
	var prev []byte
	err := eachLine(text, func(line []byte, n, off int) error {
		w := lemmaOf(line)
		if prev != nil && bytes.Compare(prev, w) >= 0 {
			return fmt.Errorf("line %d: %q is not after %q (an index file is sorted by lemma)", n, w, prev)
		}
		prev = w
		lf.lines = append(lf.lines, uint32(off))
		return nil
	})
	return lf, err
}

func lemmaOf(line []byte) []byte {
	if i := bytes.IndexByte(line, ' '); i >= 0 {
		return line[:i]
	}
	return line
}

func (lf *lemmaFile) line(i int) []byte {
	b := lf.text[lf.lines[i]:]
	if j := bytes.IndexByte(b, '\n'); j >= 0 {
		b = b[:j]
	}
	return b
}

// senses finds word's line and parses "lemma pos synset_cnt p_cnt {symbol}
// sense_cnt tagsense_cnt {offset}", whose offsets are in order of sense
// frequency.
func (lf *lemmaFile) senses(word string, pos byte) ([]key, error) {
	if lf == nil {
		return nil, nil
	}
	w := []byte(word)
	i := sort.Search(len(lf.lines), func(i int) bool { return bytes.Compare(lemmaOf(lf.line(i)), w) >= 0 })
	if i == len(lf.lines) || !bytes.Equal(lemmaOf(lf.line(i)), w) {
		return nil, nil
	}
	return parseLemma(lf.line(i), pos)
}

func parseLemma(line []byte, pos byte) ([]key, error) {
	f := bytes.Fields(line)
	if len(f) < 4 {
		return nil, errors.New("short index line")
	}
	pc, err := strconv.Atoi(string(f[3]))
	if err != nil || pc < 0 {
		return nil, fmt.Errorf("pointer count %q", f[3])
	}
	first := 4 + pc + 2
	sc, err := strconv.Atoi(string(f[2]))
	if err != nil || sc <= 0 || len(f) != first+sc {
		return nil, fmt.Errorf("synset count %q for %d fields", f[2], len(f))
	}
	out := make([]key, 0, sc)
	for _, o := range f[first:] {
		off, err := strconv.ParseUint(string(o), 10, 32)
		if err != nil {
			return nil, fmt.Errorf("offset %q: %w", o, err)
		}
		out = append(out, key{pos, uint32(off)})
	}
	return out, nil
}

// synset parses the synset at id once and keeps it; a line that is not a
// synset (a corrupt file, which Verify reports) reads as nil.
func (wn *WordNet) synset(id key) *synset {
	wn.mu.RLock()
	s, ok := wn.synsets[id]
	wn.mu.RUnlock()
	if ok {
		return s
	}
	s, err := wn.parseSynset(id)
	if err != nil {
		s = nil
	}
	wn.mu.Lock()
	wn.synsets[id] = s
	wn.mu.Unlock()
	return s
}

// parseSynset parses "offset lex_filenum ss_type w_cnt {word lex_id} p_cnt
// {symbol offset pos source/target} ... | gloss" at id's offset.
func (wn *WordNet) parseSynset(id key) (*synset, error) {
	data := wn.data[id.pos]
	if int(id.off) >= len(data) || (id.off > 0 && data[id.off-1] != '\n') {
		return nil, fmt.Errorf("no synset %c %08d", id.pos, id.off)
	}
	line := data[id.off:]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	f := bytes.Fields(line)
	if len(f) < 4 {
		return nil, errors.New("short synset line")
	}
	if off, err := strconv.ParseUint(string(f[0]), 10, 32); err != nil || uint32(off) != id.off {
		return nil, fmt.Errorf("no synset %c %08d (the line there is %q)", id.pos, id.off, f[0])
	}
	wc, err := strconv.ParseUint(string(f[3]), 16, 8)
	if err != nil || wc == 0 || len(f) < 5+2*int(wc) {
		return nil, fmt.Errorf("word count %q", f[3])
	}
	s := &synset{pos: f[2][0], words: make([]string, wc)}
	for i := range s.words {
		w := f[4+2*i]
		if j := bytes.IndexByte(w, '('); j > 0 { // adjective markers: "in_stock(p)"
			w = w[:j]
		}
		s.words[i] = string(bytes.ToLower(w))
	}
	i := 4 + 2*int(wc)
	pc, err := strconv.Atoi(string(f[i]))
	if err != nil || len(f) < i+1+4*pc {
		return nil, fmt.Errorf("pointer count %q", f[i])
	}
	for p := range pc {
		pf := f[i+1+4*p : i+5+4*p]
		sym := string(pf[0])
		if sym != "!" && !(sym == "&" && s.pos == 's') {
			continue
		}
		to, err := strconv.ParseUint(string(pf[1]), 10, 32)
		if err != nil || len(pf[2]) != 1 || len(pf[3]) != 4 {
			return nil, fmt.Errorf("pointer %q", bytes.Join(pf, []byte(" ")))
		}
		st, err := strconv.ParseUint(string(pf[3]), 16, 16)
		if err != nil {
			return nil, fmt.Errorf("pointer source/target %q", pf[3])
		}
		tp := pf[2][0]
		if tp == 's' {
			tp = 'a'
		}
		k := key{tp, uint32(to)}
		if sym == "&" {
			s.head, s.hasHead = k, true
			continue
		}
		s.ants = append(s.ants, antonym{src: uint8(st >> 8), dst: uint8(st), to: k})
	}
	return s, nil
}
