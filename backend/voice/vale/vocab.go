package vale

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// loadVocab reads accept.txt and reject.txt of every vocabulary named by
// Vocab, from Vale v3's config/vocabularies/<Name>/ or the older Vocab/<Name>/.
func (s *Style) loadVocab(ws *warnings) error {
	names := append([]string(nil), s.cfg.vocab...)
	for _, sec := range s.cfg.sections {
		names = append(names, sec.vocab...)
	}
	for _, name := range names {
		found := false
		for _, dir := range []string{
			filepath.Join(s.cfg.stylesPath, "config", "vocabularies", name),
			filepath.Join(s.cfg.stylesPath, "Vocab", name),
		} {
			acc, okA, err := readTerms(filepath.Join(dir, "accept.txt"))
			if err != nil {
				return err
			}
			rej, okR, err := readTerms(filepath.Join(dir, "reject.txt"))
			if err != nil {
				return err
			}
			if okA || okR {
				found = true
				s.accept, s.reject = append(s.accept, acc...), append(s.reject, rej...)
				break
			}
		}
		if !found {
			ws.addf(s.cfg.path, 0, "vocabulary %q not found under StylesPath/config/vocabularies", name)
		}
	}
	return nil
}

func readTerms(path string) ([]string, bool, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read vocabulary: %w", err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out, true, sc.Err()
}

var plainTerm = regexp.MustCompile(`^[\p{L}\p{N} .'-]+$`)

// builtinRules are Vale's own: Terms enforces the accepted spelling of
// plain accept.txt entries, Avoid flags reject.txt entries, Repetition
// flags a word written twice.
func (s *Style) builtinRules() map[string]*ruleFile {
	out := map[string]*ruleFile{}
	ws := &warnings{} // built from the vocabularies, which are already validated
	add := func(name string, def map[string]any) {
		src, err := yaml.Marshal(def)
		if err != nil {
			return
		}
		if rf := parseRuleFile(name, name, src, ws); rf != nil {
			out[name] = rf
		}
	}
	swap := map[string]string{}
	for _, t := range s.accept {
		if plainTerm.MatchString(t) {
			swap[regexp.QuoteMeta(t)] = t
		}
	}
	if len(swap) > 0 {
		add("Vale.Terms", map[string]any{"extends": "substitution", "message": "Use '%s' instead of '%s'.",
			"level": "error", "ignorecase": true, "vocab": false, "swap": swap})
	}
	if len(s.reject) > 0 {
		add("Vale.Avoid", map[string]any{"extends": "existence", "message": "Avoid using '%s'.",
			"level": "error", "ignorecase": false, "vocab": false, "tokens": s.reject})
	}
	add("Vale.Repetition", map[string]any{"extends": "repetition", "message": "'%s' is repeated!",
		"level": "error", "alpha": true, "tokens": []string{`[^\s]+`}})
	return out
}
