package wordnet

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
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

// partsOfSpeech is parts' order, which is the order senses are listed in.
var partsOfSpeech = []byte{'n', 'v', 'a', 'r'}

// Load reads the data, index and exception files in dir (about 27 MB, kept
// as read; see the package comment).
func Load(dir string) (*WordNet, error) { return LoadFS(os.DirFS(dir), dir) }

// LoadFS is Load from the root of fsys, so a build with the models compiled
// in (embed.FS) reads them without unpacking; where names fsys in errors.
// It checks that every index file is sorted, which the lookups rely on;
// Verify parses the rest.
func LoadFS(fsys fs.FS, where string) (*WordNet, error) {
	if _, err := fs.Stat(fsys, "data.noun"); err != nil {
		return nil, fmt.Errorf("%w: no data.noun in %s (install wordnet-base or run `make models`): %w", ErrNotInstalled, where, err)
	}
	wn := &WordNet{
		index:   map[byte]*lemmaFile{},
		data:    map[byte][]byte{},
		exc:     map[byte]map[string][]string{},
		synsets: map[key]*synset{},
		lemmata: map[string][]lemma{},
	}
	for _, p := range parts {
		data, err := fs.ReadFile(fsys, "data."+p.file)
		if err != nil {
			return nil, fmt.Errorf("wordnet: %w", err)
		}
		wn.data[p.pos] = data
		text, err := fs.ReadFile(fsys, "index."+p.file)
		if err != nil {
			return nil, fmt.Errorf("wordnet: %w", err)
		}
		lf, err := newLemmaFile(text)
		if err != nil {
			return nil, fmt.Errorf("%w: index.%s %w", ErrCorrupt, p.file, err)
		}
		wn.index[p.pos] = lf
		exc, err := fs.ReadFile(fsys, p.file+".exc")
		if err != nil {
			continue // optional: morphology then uses the suffix rules only
		}
		if wn.exc[p.pos], err = exceptions(exc); err != nil {
			return nil, fmt.Errorf("%w: %s.exc %w", ErrCorrupt, p.file, err)
		}
	}
	return wn, nil
}

// eachLine calls fn with every line of text that is not part of the licence
// header (those start with a space), its 1-based number and its offset.
func eachLine(text []byte, fn func(line []byte, n int, off int) error) error {
	for n, off := 1, 0; off < len(text); n++ {
		end := bytes.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		line := text[off : off+end]
		if len(line) > 0 && line[0] != ' ' {
			if err := fn(line, n, off); err != nil {
				return err
			}
		}
		off += end + 1
	}
	return nil
}

func exceptions(text []byte) (map[string][]string, error) {
	out := map[string][]string{}
	err := eachLine(text, func(line []byte, n, _ int) error {
		f := bytes.Fields(line)
		if len(f) < 2 {
			return fmt.Errorf("line %d: exception without a base form", n)
		}
		bases := make([]string, 0, len(f)-1)
		for _, b := range f[1:] {
			bases = append(bases, string(b))
		}
		out[string(f[0])] = bases
		return nil
	})
	return out, err
}
