package vale

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// ruleFile is one Vale rule YAML file, read key by key so every key keeps
// its line.
type ruleFile struct {
	path, name string // name is Style.Rule
	extends    string
	keys       map[string]*yaml.Node
	keyLine    map[string]int
}

// commonKeys are read for every kind; description, link and action only
// inform editors, so reading them is all Continuity needs to do.
var commonKeys = map[string]bool{"extends": true, "message": true, "level": true, "scope": true,
	"description": true, "link": true, "action": true}

// kindKeys lists, per kind Continuity runs, the keys it honours.
var kindKeys = map[string]map[string]bool{
	"existence":      set("tokens", "raw", "ignorecase", "nonword", "append", "exceptions", "vocab"),
	"substitution":   set("swap", "ignorecase", "nonword", "exceptions", "vocab"),
	"occurrence":     set("token", "max", "min", "ignorecase"),
	"repetition":     set("tokens", "max", "ignorecase", "alpha", "exceptions", "vocab"),
	"consistency":    set("either", "ignorecase", "nonword"),
	"conditional":    set("first", "second", "exceptions", "ignorecase", "vocab"),
	"capitalization": set("match", "style", "exceptions", "indicators", "threshold", "vocab", "prefix"),
	"readability":    set("metrics", "grade"),
}

// unsupportedKinds need machinery Continuity does not have.
var unsupportedKinds = map[string]string{
	"spelling": "needs a Hunspell dictionary",
	"sequence": "needs a part-of-speech tagger",
	"metric":   "needs Vale's formula evaluator and document counters",
	"script":   "needs the Tengo script runtime",
}

func set(keys ...string) map[string]bool {
	out := map[string]bool{}
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// parseRuleFile reads src; it returns nil (with a warning) when the rule
// cannot run at all, and warns once for each key it ignores.
func parseRuleFile(path, name string, src []byte, ws *warnings) *ruleFile {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			ws.addf(path, 1, "empty rule file; rule %s skipped", name)
			return nil
		}
		ws.addf(path, yamlLine(err), "invalid YAML (%s); rule %s skipped", strings.TrimPrefix(err.Error(), "yaml: "), name)
		return nil
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		ws.addf(path, 1, "a rule file must be a YAML mapping; rule %s skipped", name)
		return nil
	}
	m := doc.Content[0]
	rf := &ruleFile{path: path, name: name, keys: map[string]*yaml.Node{}, keyLine: map[string]int{}}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := strings.ToLower(m.Content[i].Value)
		rf.keys[k], rf.keyLine[k] = m.Content[i+1], m.Content[i].Line
	}
	rf.extends = rf.str("extends")
	if rf.extends == "" {
		ws.addf(path, 1, "rule %s has no extends; skipped", name)
		return nil
	}
	if why, ok := unsupportedKinds[rf.extends]; ok {
		ws.addf(path, rf.keyLine["extends"], "rule %s: kind %q is not supported (%s); skipped", name, rf.extends, why)
		return nil
	}
	allowed, ok := kindKeys[rf.extends]
	if !ok {
		ws.addf(path, rf.keyLine["extends"], "rule %s: unknown kind %q; skipped", name, rf.extends)
		return nil
	}
	if _, ok := rf.keys["message"]; !ok {
		ws.addf(path, 1, "rule %s has no message; skipped", name)
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := strings.ToLower(m.Content[i].Value)
		if !commonKeys[k] && !allowed[k] {
			ws.addf(path, m.Content[i].Line, "rule %s: key %q is not supported for %s; ignored", name, k, rf.extends)
		}
	}
	return rf
}

func (rf *ruleFile) str(key string) string {
	if n := rf.keys[key]; n != nil && n.Kind == yaml.ScalarNode {
		return n.Value
	}
	return ""
}

func (rf *ruleFile) boolean(key string) bool {
	b, _ := strconv.ParseBool(rf.str(key))
	return b
}

func (rf *ruleFile) number(key string) (float64, bool) {
	s := rf.str(key)
	if s == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// list reads a scalar or a sequence of scalars, with each item's line.
func (rf *ruleFile) list(key string) ([]string, []int) {
	n := rf.keys[key]
	switch {
	case n == nil:
		return nil, nil
	case n.Kind == yaml.ScalarNode:
		return []string{n.Value}, []int{n.Line}
	case n.Kind != yaml.SequenceNode:
		return nil, nil
	}
	var out []string
	var lines []int
	for _, c := range n.Content {
		if c.Kind == yaml.ScalarNode {
			out, lines = append(out, c.Value), append(lines, c.Line)
		}
	}
	return out, lines
}

// pairs reads a mapping of scalars in document order, with each key's line.
func (rf *ruleFile) pairs(key string) ([][2]string, []int) {
	n := rf.keys[key]
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	var out [][2]string
	var lines []int
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, [2]string{n.Content[i].Value, n.Content[i+1].Value})
		lines = append(lines, n.Content[i].Line)
	}
	return out, lines
}

func yamlLine(err error) int {
	s := err.Error()
	if i := strings.Index(s, "line "); i >= 0 {
		var n int
		if _, e := fmt.Sscanf(s[i:], "line %d", &n); e == nil {
			return n
		}
	}
	return 0
}
