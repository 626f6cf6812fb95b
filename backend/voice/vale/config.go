package vale

import (
	"bufio"
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/ini.v1"
)

// config is a parsed .vale.ini.
type config struct {
	path          string
	stylesPath    string
	minAlertLevel string
	vocab         []string
	sections      []section // glob sections in file order
}

// section is one [glob] section.
type section struct {
	glob      string
	match     *regexp.Regexp
	basedOn   []string
	settings  []setting // Style.Rule = YES | NO | level, in file order
	vocab     []string
	hasVocab  bool
	line      int
	basedLine int
}

type setting struct {
	rule, value string
	line        int
}

var levelNames = map[string]int{"suggestion": 0, "warning": 1, "error": 2}

// parseConfig reads .vale.ini source; problems Continuity cannot run are
// warnings, a file that is not INI at all is an error.
func parseConfig(path string, src []byte, ws *warnings) (*config, error) {
	f, err := ini.LoadSources(ini.LoadOptions{AllowShadows: false, SpaceBeforeInlineComment: true}, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	lines := keyLines(src)
	c := &config{path: path, minAlertLevel: "suggestion"}
	for _, sec := range f.Sections() {
		name := sec.Name()
		if name == ini.DefaultSection {
			c.readCore(sec, lines, ws)
			continue
		}
		s := section{glob: name, line: lines[name+"\x00"]}
		re, err := globRegexp(name)
		if err != nil {
			ws.addf(path, s.line, "section [%s]: %v; section skipped", name, err)
			continue
		}
		s.match = re
		for _, k := range sec.Keys() {
			line := lines[name+"\x00"+k.Name()]
			switch k.Name() {
			case "BasedOnStyles":
				s.basedOn, s.basedLine = splitList(k.Value()), line
			case "Vocab":
				s.vocab, s.hasVocab = splitList(k.Value()), true
			default:
				if strings.Contains(k.Name(), ".") {
					s.settings = append(s.settings, setting{k.Name(), strings.TrimSpace(k.Value()), line})
					continue
				}
				ws.addf(path, line, "key %q in [%s] is not supported; ignored", k.Name(), name)
			}
		}
		c.sections = append(c.sections, s)
	}
	if c.stylesPath == "" {
		ws.addf(path, 0, "no StylesPath: only the built-in Vale rules can run")
	}
	return c, nil
}

func (c *config) readCore(sec *ini.Section, lines map[string]int, ws *warnings) {
	for _, k := range sec.Keys() {
		line := lines["\x00"+k.Name()]
		v := strings.TrimSpace(k.Value())
		switch k.Name() {
		case "StylesPath":
			c.stylesPath = v
			if !filepath.IsAbs(v) {
				c.stylesPath = filepath.Join(filepath.Dir(c.path), v)
			}
		case "MinAlertLevel":
			if _, ok := levelNames[v]; !ok {
				ws.addf(c.path, line, "MinAlertLevel %q is not suggestion, warning or error; using suggestion", v)
				continue
			}
			c.minAlertLevel = v
		case "Vocab":
			c.vocab = splitList(v)
		default:
			ws.addf(c.path, line, "key %q is not supported; ignored", k.Name())
		}
	}
}

// keyLines maps "section\x00key" (and "section\x00" for a header) to the
// 1-based line it is on, since the INI library keeps no positions.
func keyLines(src []byte) map[string]int {
	out := map[string]int{}
	sec := ""
	sc := bufio.NewScanner(bytes.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		switch {
		case l == "" || l[0] == '#' || l[0] == ';':
		case l[0] == '[' && strings.HasSuffix(l, "]"):
			sec = strings.TrimSpace(l[1 : len(l)-1])
			if _, ok := out[sec+"\x00"]; !ok {
				out[sec+"\x00"] = n
			}
		default:
			if k, _, ok := strings.Cut(l, "="); ok {
				key := sec + "\x00" + strings.TrimSpace(k)
				if _, ok := out[key]; !ok {
					out[key] = n
				}
			}
		}
	}
	return out
}

func splitList(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// globRegexp turns a section glob ("*.md", "*.{md,txt}", "docs/**/*.md")
// into a regexp over slash paths; a glob without a slash matches the base
// name, as Vale's do for files in any folder.
func globRegexp(glob string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	if !strings.Contains(glob, "/") {
		b.WriteString("(?:.*/)?")
	}
	depth := 0
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '*':
			if i+1 < len(glob) && glob[i+1] == '*' {
				b.WriteString(".*")
				i++
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		case '{':
			depth++
			b.WriteString("(?:")
		case '}':
			if depth == 0 {
				return nil, fmt.Errorf("unbalanced } in glob")
			}
			depth--
			b.WriteString(")")
		case ',':
			if depth > 0 {
				b.WriteString("|")
			} else {
				b.WriteString(",")
			}
		case '[':
			j := strings.IndexByte(glob[i:], ']')
			if j < 0 {
				return nil, fmt.Errorf("unclosed [ in glob")
			}
			b.WriteString(glob[i : i+j+1])
			i += j
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("unclosed { in glob")
	}
	b.WriteString("$")
	return regexp.Compile(b.String())
}
