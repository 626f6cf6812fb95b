package wordnet

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
)

// EnvDir names a folder holding the WordNet data files; it overrides DefaultDir.
const EnvDir = "CONTINUITY_WORDNET"

// Sentinel errors callers branch on.
var (
	// ErrNotInstalled: the folder has no WordNet data (install Debian's
	// wordnet-base, which `make models` does).
	ErrNotInstalled = errors.New("wordnet: not installed")
	ErrCorrupt      = errors.New("wordnet: corrupt data file")
)

// Dir is where Load looks by default: $CONTINUITY_WORDNET, else where
// Debian's wordnet-base puts the files.
func Dir() string {
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
	return "/usr/share/wordnet"
}

// The four parts of speech, by the suffix of their files; satellite
// adjectives ('s') live in the adjective files.
var parts = []struct {
	file string
	pos  byte
}{{"noun", 'n'}, {"verb", 'v'}, {"adj", 'a'}, {"adv", 'r'}}

// The longest line in WordNet 3.0 is about 13 KB; anything far longer is
// not a WordNet file.
const maxLine = 1 << 20

type key struct {
	pos byte // file's part of speech: n, v, a or r
	off uint32
}

// rawPtr is a pointer before its target synset has an id.
type rawPtr struct {
	from     int32
	src, dst uint8
	to       key
	similar  bool // '&' from a satellite to its head, else '!'
}

type loader struct {
	wn     *WordNet
	ids    map[key]int32
	ptrs   []rawPtr
	intern map[string]string
}

// Load reads the data, index and exception files in dir. It keeps only
// lemmas, synset word lists and antonym and similar-to pointers (about
// 25 MB), not glosses or the other relations.
func Load(dir string) (*WordNet, error) { return LoadFS(os.DirFS(dir), dir) }

// LoadFS is Load from the root of fsys, so a build with the models compiled
// in (embed.FS) reads them without unpacking; where names fsys in errors.
func LoadFS(fsys fs.FS, where string) (*WordNet, error) {
	if _, err := fs.Stat(fsys, "data.noun"); err != nil {
		return nil, fmt.Errorf("%w: no data.noun in %s (install wordnet-base or run `make models`): %w", ErrNotInstalled, where, err)
	}
	l := &loader{
		wn:     &WordNet{index: map[string][]int32{}, exc: map[byte]map[string][]string{}},
		ids:    map[key]int32{},
		intern: map[string]string{},
	}
	for _, p := range parts {
		if err := l.file(fsys, "data."+p.file, func(f [][]byte) error { return l.synset(p.pos, f) }); err != nil {
			return nil, err
		}
	}
	if err := l.resolve(); err != nil {
		return nil, err
	}
	for _, p := range parts {
		if err := l.file(fsys, "index."+p.file, func(f [][]byte) error { return l.lemma(p.pos, f) }); err != nil {
			return nil, err
		}
		exc := p.file + ".exc"
		if _, err := fs.Stat(fsys, exc); err != nil {
			continue // optional: morphology then uses the suffix rules only
		}
		l.wn.exc[p.pos] = map[string][]string{}
		if err := l.file(fsys, exc, func(f [][]byte) error { return l.exception(p.pos, f) }); err != nil {
			return nil, err
		}
	}
	return l.wn, nil
}

// file calls line with the fields of every line that is not part of the
// licence header (those start with a space).
func (l *loader) file(fsys fs.FS, name string, line func([][]byte) error) error {
	f, err := fsys.Open(name)
	if err != nil {
		return fmt.Errorf("wordnet: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for n := 1; sc.Scan(); n++ {
		b := sc.Bytes()
		if len(b) == 0 || b[0] == ' ' {
			continue
		}
		if err := line(bytes.Fields(b)); err != nil {
			return fmt.Errorf("%w: %s line %d: %w", ErrCorrupt, name, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrCorrupt, name, err)
	}
	return nil
}

func (l *loader) str(b []byte) string {
	if s, ok := l.intern[string(b)]; ok {
		return s
	}
	s := string(b)
	l.intern[s] = s
	return s
}

// synset parses "offset lex_filenum ss_type w_cnt {word lex_id} p_cnt
// {symbol offset pos source/target} ... | gloss".
func (l *loader) synset(pos byte, f [][]byte) error {
	if len(f) < 4 {
		return errors.New("short synset line")
	}
	off, err := strconv.ParseUint(string(f[0]), 10, 32)
	if err != nil {
		return fmt.Errorf("offset: %w", err)
	}
	wc, err := strconv.ParseUint(string(f[3]), 16, 8)
	if err != nil || wc == 0 || len(f) < 5+2*int(wc) {
		return fmt.Errorf("word count %q", f[3])
	}
	id := int32(len(l.wn.synsets))
	s := synset{pos: f[2][0], head: -1, words: make([]string, wc)}
	for i := range s.words {
		w := f[4+2*i]
		if j := bytes.IndexByte(w, '('); j > 0 { // adjective markers: "in_stock(p)"
			w = w[:j]
		}
		s.words[i] = l.str(bytes.ToLower(w))
	}
	i := 4 + 2*int(wc)
	pc, err := strconv.Atoi(string(f[i]))
	if err != nil || len(f) < i+1+4*pc {
		return fmt.Errorf("pointer count %q", f[i])
	}
	for p := range pc {
		pf := f[i+1+4*p : i+5+4*p]
		sym := string(pf[0])
		if sym != "!" && !(sym == "&" && s.pos == 's') {
			continue
		}
		to, err := strconv.ParseUint(string(pf[1]), 10, 32)
		if err != nil || len(pf[2]) != 1 || len(pf[3]) != 4 {
			return fmt.Errorf("pointer %q", bytes.Join(pf, []byte(" ")))
		}
		st, err := strconv.ParseUint(string(pf[3]), 16, 16)
		if err != nil {
			return fmt.Errorf("pointer source/target %q", pf[3])
		}
		tp := pf[2][0]
		if tp == 's' {
			tp = 'a'
		}
		l.ptrs = append(l.ptrs, rawPtr{from: id, src: uint8(st >> 8), dst: uint8(st), to: key{tp, uint32(to)}, similar: sym == "&"})
	}
	if _, dup := l.ids[key{pos, uint32(off)}]; dup {
		return fmt.Errorf("offset %d twice", off)
	}
	l.ids[key{pos, uint32(off)}] = id
	l.wn.synsets = append(l.wn.synsets, s)
	return nil
}

func (l *loader) resolve() error {
	for _, p := range l.ptrs {
		to, ok := l.ids[p.to]
		if !ok {
			return fmt.Errorf("%w: pointer to missing synset %c %08d", ErrCorrupt, p.to.pos, p.to.off)
		}
		s := &l.wn.synsets[p.from]
		if p.similar {
			s.head = to
			continue
		}
		if int(p.src) > len(s.words) || int(p.dst) > len(l.wn.synsets[to].words) {
			return fmt.Errorf("%w: antonym pointer word %d→%d out of range", ErrCorrupt, p.src, p.dst)
		}
		s.ants = append(s.ants, antonym{src: p.src, dst: p.dst, to: to})
	}
	l.ptrs = nil
	return nil
}

// lemma parses "lemma pos synset_cnt p_cnt {symbol} sense_cnt tagsense_cnt
// {offset}", whose offsets are in order of sense frequency.
func (l *loader) lemma(pos byte, f [][]byte) error {
	if len(f) < 4 {
		return errors.New("short index line")
	}
	pc, err := strconv.Atoi(string(f[3]))
	if err != nil || pc < 0 {
		return fmt.Errorf("pointer count %q", f[3])
	}
	first := 4 + pc + 2
	sc, err := strconv.Atoi(string(f[2]))
	if err != nil || sc <= 0 || len(f) != first+sc {
		return fmt.Errorf("synset count %q for %d fields", f[2], len(f))
	}
	word := l.str(f[0])
	for _, o := range f[first:] {
		off, err := strconv.ParseUint(string(o), 10, 32)
		if err != nil {
			return fmt.Errorf("offset %q: %w", o, err)
		}
		id, ok := l.ids[key{pos, uint32(off)}]
		if !ok {
			return fmt.Errorf("%s: no synset %08d", word, off)
		}
		l.wn.index[word] = append(l.wn.index[word], id)
	}
	return nil
}

func (l *loader) exception(pos byte, f [][]byte) error {
	if len(f) < 2 {
		return errors.New("exception without a base form")
	}
	bases := make([]string, 0, len(f)-1)
	for _, b := range f[1:] {
		bases = append(bases, l.str(b))
	}
	l.wn.exc[pos][strings.Clone(string(f[0]))] = bases
	return nil
}
