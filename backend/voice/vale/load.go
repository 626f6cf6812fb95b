package vale

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"continuity/backend/voice"
)

// ErrNoConfig means there is no .vale.ini at the path given.
var ErrNoConfig = errors.New("no Vale configuration")

// ConfigName is the file a workspace root may hold to use a Vale style.
const ConfigName = ".vale.ini"

// Style is a loaded Vale configuration.
type Style struct {
	Path     string
	Warnings []Warning // everything Continuity does not run, once each
	cfg      *config
	styles   map[string][]*ruleFile // style name → its rules, by name
	accept   []string
	reject   []string
	builtins map[string]*ruleFile
}

// Load reads iniPath, the styles it names and their vocabularies.
func Load(ctx context.Context, iniPath string) (*Style, error) {
	src, err := os.ReadFile(iniPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNoConfig, iniPath)
	}
	if err != nil {
		return nil, fmt.Errorf("read Vale configuration: %w", err)
	}
	ws := &warnings{}
	cfg, err := parseConfig(iniPath, src, ws)
	if err != nil {
		return nil, err
	}
	s := &Style{Path: iniPath, cfg: cfg, styles: map[string][]*ruleFile{}}
	if err := s.loadVocab(ws); err != nil {
		return nil, err
	}
	for _, name := range s.styleNames() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if name == "Vale" {
			continue
		}
		if err := s.loadStyle(ctx, name, ws); err != nil {
			return nil, err
		}
	}
	s.builtins = s.builtinRules()
	// Compile every rule once now, so Load reports patterns RE2 cannot run
	// even for rules no section enables.
	for _, rfs := range s.styles {
		for _, rf := range rfs {
			compileRule(rf, "", s.acceptFor(rf), ws)
		}
	}
	s.Warnings = ws.sorted()
	return s, nil
}

// styleNames are the styles any section bases on or configures, in order.
func (s *Style) styleNames() []string {
	var out []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, sec := range s.cfg.sections {
		for _, b := range sec.basedOn {
			add(b)
		}
		for _, st := range sec.settings {
			add(strings.SplitN(st.rule, ".", 2)[0])
		}
	}
	return out
}

// BasedOn names the styles the configuration uses, for "the report says so".
func (s *Style) BasedOn() []string {
	var out []string
	seen := map[string]bool{}
	for _, sec := range s.cfg.sections {
		for _, b := range sec.basedOn {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	return out
}

// Describe says which rules are active, e.g. ".vale.ini (Vale style Continuity, write-good)".
func (s *Style) Describe() string {
	return fmt.Sprintf("%s (Vale style %s)", filepath.Base(s.Path), strings.Join(s.BasedOn(), ", "))
}

func (s *Style) loadStyle(ctx context.Context, name string, ws *warnings) error {
	dir := filepath.Join(s.cfg.stylesPath, name)
	entries, err := os.ReadDir(dir)
	if err != nil {
		line := 0
		for _, sec := range s.cfg.sections {
			if sec.basedLine > 0 && strings.Contains(strings.Join(sec.basedOn, ","), name) {
				line = sec.basedLine
				break
			}
		}
		ws.addf(s.cfg.path, line, "style %q not found under StylesPath (%s)", name, dir)
		return nil
	}
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		ext := filepath.Ext(e.Name())
		if e.IsDir() || (ext != ".yml" && ext != ".yaml") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		src, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read Vale rule: %w", err)
		}
		if rf := parseRuleFile(p, name+"."+strings.TrimSuffix(e.Name(), ext), src, ws); rf != nil {
			s.styles[name] = append(s.styles[name], rf)
		}
	}
	sort.Slice(s.styles[name], func(i, j int) bool { return s.styles[name][i].name < s.styles[name][j].name })
	return nil
}

// Rules is the rule set Vale would run on one file.
type Rules struct {
	Guidelines *voice.Guidelines
	Levels     map[string]string // rule name → Vale level (suggestion, warning, error)
	Warnings   []Warning         // problems found compiling them, once each
}

// For returns the rules for file, as the matching sections configure them
// in file order, at or above MinAlertLevel.
func (s *Style) For(file string) Rules {
	file = filepath.ToSlash(file)
	type choice struct {
		rf    *ruleFile
		level string
		on    bool
	}
	var order []string
	chosen := map[string]*choice{}
	set := func(rf *ruleFile, level string, on bool) {
		c, ok := chosen[rf.name]
		if !ok {
			c = &choice{rf: rf}
			chosen[rf.name] = c
			order = append(order, rf.name)
		}
		c.on = on
		if level != "" {
			c.level = level
		}
	}
	// Rules.Warnings adds only what Load has not reported already.
	ws := &warnings{seen: map[Warning]bool{}}
	for _, w := range s.Warnings {
		ws.seen[w] = true
	}
	for _, sec := range s.cfg.sections {
		if !sec.match.MatchString(file) {
			continue
		}
		for _, b := range sec.basedOn {
			if b == "Vale" {
				for _, name := range []string{"Vale.Terms", "Vale.Avoid", "Vale.Repetition"} {
					if rf := s.builtins[name]; rf != nil {
						set(rf, "", true)
					}
				}
				ws.addf(s.cfg.path, sec.basedLine, "Vale.Spelling is not supported (needs a Hunspell dictionary); skipped")
			}
			for _, rf := range s.styles[b] {
				set(rf, "", true)
			}
		}
		for _, st := range sec.settings {
			rf := s.lookup(st.rule)
			if rf == nil {
				if !strings.HasPrefix(st.rule, "Vale.Spelling") {
					ws.addf(s.cfg.path, st.line, "rule %s is not loaded (not found, or skipped above)", st.rule)
				}
				continue
			}
			switch v := st.value; {
			case strings.EqualFold(v, "NO"):
				set(rf, "", false)
			case strings.EqualFold(v, "YES"):
				set(rf, "", true)
			case levelNames[v] > 0 || v == "suggestion":
				set(rf, v, true)
			default:
				ws.addf(s.cfg.path, st.line, "%s = %q is not YES, NO or a level; ignored", st.rule, v)
			}
		}
	}
	out := Rules{Levels: map[string]string{}}
	var rules []voice.ExternalRule
	var source strings.Builder
	fmt.Fprintf(&source, "Vale configuration %s: %s\n", s.Path, s.Describe())
	for _, name := range order {
		c := chosen[name]
		if !c.on {
			continue
		}
		comp := compileRule(c.rf, c.level, s.acceptFor(c.rf), ws)
		if comp == nil || levelNames[comp.level] < levelNames[s.cfg.minAlertLevel] {
			continue
		}
		rules = append(rules, comp.rule)
		out.Levels[comp.name] = comp.level
		fmt.Fprintf(&source, "- %s (%s): %s\n", comp.name, comp.level, c.rf.str("message"))
	}
	out.Guidelines = voice.FromRules(source.String(), rules)
	out.Warnings = ws.sorted()
	return out
}

// acceptFor is the accept list as exceptions; Vale.Terms itself has none.
func (s *Style) acceptFor(rf *ruleFile) []string {
	if rf.name == "Vale.Terms" || rf.name == "Vale.Avoid" {
		return nil
	}
	return s.accept
}

func (s *Style) lookup(name string) *ruleFile {
	if rf := s.builtins[name]; rf != nil {
		return rf
	}
	style := strings.SplitN(name, ".", 2)[0]
	for _, rf := range s.styles[style] {
		if rf.name == name {
			return rf
		}
	}
	return nil
}
