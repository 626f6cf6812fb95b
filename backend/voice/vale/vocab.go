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
	"sort"
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
// flags a word written twice. They run only where a section bases on the
// Vale style (or turns one on by name); otherwise the accept list only
// excuses matches of the other rules, as in Vale.
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
	// Longest term first, so "TallyHub Go" is reported as 'Tallyhub Go'
	// rather than as 'Tallyhub' followed by a word, as Vale does.
	terms := make([]string, 0, len(s.accept))
	for _, t := range s.accept {
		if plainTerm.MatchString(t) {
			terms = append(terms, t)
		}
	}
	sort.SliceStable(terms, func(i, j int) bool { return len(terms[i]) > len(terms[j]) })
	swap := &yaml.Node{Kind: yaml.MappingNode}
	for _, t := range terms {
		swap.Content = append(swap.Content,
			&yaml.Node{Kind: yaml.ScalarNode, Value: regexp.QuoteMeta(t)},
			&yaml.Node{Kind: yaml.ScalarNode, Value: t})
	}
	if len(terms) > 0 {
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
