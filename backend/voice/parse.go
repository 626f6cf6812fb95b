package voice

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"continuity/backend/text"
)

// LineError is one problem in a guidelines document, at a 1-based line of
// the whole Markdown file (0 when the problem has no line, e.g. no block).
type LineError struct {
	Line    int
	Message string
}

func (e LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Message) }

// ParseError lists every problem found, in line order.
type ParseError struct{ Errors []LineError }

func (e *ParseError) Error() string {
	parts := make([]string, len(e.Errors))
	for i, le := range e.Errors {
		parts[i] = le.Error()
	}
	return "invalid guidelines: " + strings.Join(parts, "; ")
}

// Guidelines is a parsed, compiled guidelines document.
type Guidelines struct {
	Source string // the whole Markdown document, for people and the model
	rules  []rule
}

// RuleCount is the number of compiled rules.
func (g *Guidelines) RuleCount() int { return len(g.rules) }

// levelOf returns the highest level among rules named name.
func (g *Guidelines) levelOf(name string) (Level, bool) {
	found, lvl := false, Recommended
	for _, r := range g.rules {
		if d := r.def(); strings.EqualFold(d.Name, name) {
			found = true
			if d.level == Required {
				lvl = Required
			}
		}
	}
	return lvl, found
}

var kinds = map[string]func() rule{
	"existence":      func() rule { return &existence{} },
	"substitution":   func() rule { return &substitution{} },
	"capitalization": func() rule { return &capitalization{} },
	"occurrence":     func() rule { return &occurrence{} },
	"repetition":     func() rule { return &repetition{} },
	"readability":    func() rule { return &readability{} },
	"consistency":    func() rule { return &consistency{} },
}

var (
	rulesHeading = regexp.MustCompile(`^##[ \t]+Rules[ \t]*#*[ \t]*$`)
	yamlFence    = regexp.MustCompile("^[ \t]*(```+|~~~+)[ \t]*(ya?ml)[ \t]*$")
	yamlLineRe   = regexp.MustCompile(`line (\d+)`)
	ruleNameRe   = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
)

// ErrNoRules means the document has no rules block.
var ErrNoRules = errors.New("no rules block: add YAML front matter or a ```yaml block under the \"## Rules\" heading")

// Parse reads a guidelines document: Markdown prose plus a YAML rules block
// given as front matter or as a fenced ```yaml block under "## Rules".
// Unknown keys, bad levels and invalid patterns are errors with the line
// number in the Markdown file; all problems are reported at once.
func Parse(src string) (*Guidelines, error) {
	src = text.TrimBOMString(src) // before the first line is read as a fence
	block, firstLine, err := findBlock(src)
	if err != nil {
		return nil, err
	}
	p := &parser{offset: firstLine - 1}
	rules := p.decode(block)
	if len(p.errs) > 0 {
		sort.SliceStable(p.errs, func(i, j int) bool { return p.errs[i].Line < p.errs[j].Line })
		return nil, &ParseError{Errors: p.errs}
	}
	return &Guidelines{Source: src, rules: rules}, nil
}

// findBlock returns the YAML text and the file line its first line is on.
func findBlock(src string) (string, int, error) {
	lines := strings.Split(src, "\n")
	for i := range lines {
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for i := 1; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == "---" {
				return strings.Join(lines[1:i], "\n"), 2, nil
			}
		}
		return "", 0, &ParseError{Errors: []LineError{{1, "front matter is never closed with ---"}}}
	}
	heading := -1
	for i, l := range lines {
		if heading < 0 {
			if strings.HasPrefix(l, "##") && rulesHeading.MatchString(l) {
				heading = i
			}
			continue
		}
		if strings.HasPrefix(l, "## ") {
			break
		}
		m := yamlFence.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		for j := i + 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == strings.TrimSpace(m[1]) {
				return strings.Join(lines[i+1:j], "\n"), i + 2, nil
			}
		}
		return "", 0, &ParseError{Errors: []LineError{{i + 1, "the ```yaml block is never closed"}}}
	}
	if heading < 0 {
		return "", 0, &ParseError{Errors: []LineError{{0, ErrNoRules.Error()}}}
	}
	return "", 0, &ParseError{Errors: []LineError{{heading + 1, `no ` + "```yaml" + ` block under "## Rules"`}}}
}

type parser struct {
	offset int // file line of YAML line 1, minus 1
	errs   []LineError
}

func (p *parser) addf(yamlLine int, format string, args ...any) {
	line := 0
	if yamlLine > 0 {
		line = yamlLine + p.offset
	}
	p.errs = append(p.errs, LineError{Line: line, Message: fmt.Sprintf(format, args...)})
}

// addYAML turns a yaml.v3 error ("line 3: …") into file-located errors.
func (p *parser) addYAML(err error) {
	var te *yaml.TypeError
	msgs := []string{err.Error()}
	if errors.As(err, &te) {
		msgs = te.Errors
	}
	for _, m := range msgs {
		m = strings.TrimPrefix(m, "yaml: ")
		line := 0
		if loc := yamlLineRe.FindStringSubmatchIndex(m); loc != nil {
			line, _ = strconv.Atoi(m[loc[2]:loc[3]])
			m = strings.TrimLeft(m[:loc[0]]+m[loc[1]:], ": ")
		}
		p.addf(line, "%s", m)
	}
}

type rulesFile struct {
	Rules []yaml.Node `yaml:"rules"`
}

func (p *parser) decode(block string) []rule {
	dec := yaml.NewDecoder(strings.NewReader(block))
	dec.KnownFields(true)
	var f rulesFile
	if err := dec.Decode(&f); err != nil {
		if errors.Is(err, io.EOF) {
			p.addf(1, "the rules block is empty")
		} else {
			p.addYAML(err)
		}
		return nil
	}
	if len(f.Rules) == 0 {
		p.addf(1, "the rules block has no rules (want rules: with a list)")
	}
	var out []rule
	for i := range f.Rules {
		if r := p.rule(&f.Rules[i]); r != nil {
			out = append(out, r)
		}
	}
	return out
}

func (p *parser) rule(n *yaml.Node) rule {
	if n.Kind != yaml.MappingNode {
		p.addf(n.Line, "a rule must be a mapping with name, kind, message and level")
		return nil
	}
	kindNode := valueNode(n, "kind")
	if kindNode == nil {
		p.addf(n.Line, "rule has no kind (one of %s)", strings.Join(kindNames(), ", "))
		return nil
	}
	mk, ok := kinds[kindNode.Value]
	if !ok {
		p.addf(kindNode.Line, "unknown rule kind %q (one of %s)", kindNode.Value, strings.Join(kindNames(), ", "))
		return nil
	}
	r := mk()
	allowed := yamlKeys(reflect.TypeOf(r).Elem())
	bad := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; !allowed[k.Value] {
			p.addf(k.Line, "unknown key %q in %s rule (allowed: %s)", k.Value, kindNode.Value, strings.Join(slices.Sorted(maps.Keys(allowed)), ", "))
			bad = true
		}
	}
	if err := n.Decode(r); err != nil {
		p.addYAML(err)
		return nil
	}
	errs := p.common(n, r.def())
	errs = append(errs, r.compile(n)...)
	for _, e := range errs {
		p.addf(e.Line, "rule %q: %s", r.def().Name, e.Message)
	}
	if bad || len(errs) > 0 {
		return nil
	}
	return r
}

// common validates the shared fields; lines are YAML lines.
func (p *parser) common(n *yaml.Node, d *definition) []LineError {
	var errs []LineError
	if !ruleNameRe.MatchString(d.Name) {
		errs = append(errs, LineError{lineOf(n, "name"), fmt.Sprintf("name %q must be lowercase letters, digits and hyphens", d.Name)})
	}
	if strings.TrimSpace(d.Message) == "" {
		errs = append(errs, LineError{lineOf(n, "message"), "message is required"})
	}
	lvl, err := parseLevel(d.LevelText)
	if err != nil {
		errs = append(errs, LineError{lineOf(n, "level"), err.Error()})
	}
	d.level = lvl
	for i, x := range d.Exceptions {
		re, err := regexp.Compile(x)
		if err != nil {
			errs = append(errs, LineError{itemLine(n, "exceptions", i), fmt.Sprintf("invalid exception pattern %q: %v", x, err)})
			continue
		}
		d.exceptions = append(d.exceptions, re)
	}
	return errs
}

// valueNode returns the value node for key in a mapping node.
func valueNode(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// lineOf is the line of key's value, or the mapping's line when absent.
func lineOf(n *yaml.Node, key string) int {
	if v := valueNode(n, key); v != nil {
		return v.Line
	}
	return n.Line
}

// itemLine is the line of the i-th item (sequence) or i-th key (mapping) under key.
func itemLine(n *yaml.Node, key string, i int) int {
	v := valueNode(n, key)
	switch {
	case v == nil:
		return n.Line
	case v.Kind == yaml.SequenceNode && i < len(v.Content):
		return v.Content[i].Line
	case v.Kind == yaml.MappingNode && 2*i < len(v.Content):
		return v.Content[2*i].Line
	}
	return v.Line
}

func yamlKeys(t reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		switch {
		case opts == "inline" || (f.Anonymous && tag == ""):
			for k := range yamlKeys(f.Type) {
				out[k] = true
			}
		case name != "" && name != "-":
			out[name] = true
		}
	}
	return out
}

func kindNames() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
