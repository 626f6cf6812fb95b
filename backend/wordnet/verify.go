package wordnet

import "fmt"

// Verify parses every index line and synset and follows every pointer the
// lookups use, reporting the first fault with its file and line. Load
// skips this (it would cost the 0.6 s the lazy lookups save); the tests
// run it on the installed files.
func (wn *WordNet) Verify() error {
	for _, p := range parts {
		if err := wn.verifyData(p.file, p.pos); err != nil {
			return err
		}
		lf := wn.index[p.pos]
		for i := range lf.lines {
			ids, err := parseLemma(lf.line(i), p.pos)
			if err == nil {
				for _, id := range ids {
					if _, e := wn.parseSynset(id); e != nil {
						err = fmt.Errorf("%s: %w", lemmaOf(lf.line(i)), e)
						break
					}
				}
			}
			if err != nil {
				return fmt.Errorf("%w: index.%s lemma %d: %w", ErrCorrupt, p.file, i+1, err)
			}
		}
	}
	return nil
}

func (wn *WordNet) verifyData(file string, pos byte) error {
	return eachLine(wn.data[pos], func(_ []byte, n, off int) error {
		s, err := wn.parseSynset(key{pos, uint32(off)})
		if err == nil {
			err = wn.verifyPointers(s)
		}
		if err != nil {
			return fmt.Errorf("%w: data.%s line %d: %w", ErrCorrupt, file, n, err)
		}
		return nil
	})
}

func (wn *WordNet) verifyPointers(s *synset) error {
	if s.hasHead {
		if _, err := wn.parseSynset(s.head); err != nil {
			return fmt.Errorf("pointer to missing synset: %w", err)
		}
	}
	for _, a := range s.ants {
		t, err := wn.parseSynset(a.to)
		if err != nil {
			return fmt.Errorf("pointer to missing synset: %w", err)
		}
		if int(a.src) > len(s.words) || int(a.dst) > len(t.words) {
			return fmt.Errorf("antonym pointer word %d→%d out of range", a.src, a.dst)
		}
	}
	return nil
}
