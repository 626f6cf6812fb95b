package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// IgnoreFile holds a workspace's ignore rules, in gitignore syntax, at the
// workspace root.
const IgnoreFile = ".continuityignore"

// DefaultIgnore is always in force before the file's rules, so a line such
// as "!LICENSE*" in the file brings those files back.
var DefaultIgnore = []string{"node_modules/", ".git/", "CHANGELOG*", "LICENSE*"}

// IgnoreRule is one pattern with where it came from.
type IgnoreRule struct {
	Source  string `json:"source"` // "default" or IgnoreFile
	Line    int    `json:"line"`   // 1-based line in Source; 0 for defaults
	Pattern string `json:"pattern"`
	negate  bool
	match   gitignore.Pattern
}

// String names the rule as a skip detail: ".continuityignore:3 CHANGELOG*"
// or "default CHANGELOG*".
func (r IgnoreRule) String() string {
	if r.Line == 0 {
		return r.Source + " " + r.Pattern
	}
	return fmt.Sprintf("%s:%d %s", r.Source, r.Line, r.Pattern)
}

// IgnoreLineError is an invalid line of an ignore file.
type IgnoreLineError struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

func (e IgnoreLineError) Error() string {
	return fmt.Sprintf("%s line %d: %s", IgnoreFile, e.Line, e.Message)
}

// IgnoreRules is an ordered rule set; the last matching rule decides, as
// in git.
type IgnoreRules struct{ rules []IgnoreRule }

// Rules lists the rules in order, defaults first.
func (r *IgnoreRules) Rules() []IgnoreRule { return append([]IgnoreRule{}, r.rules...) }

// ParseIgnore reads ignore-file text on top of the defaults. Invalid lines
// are left out and reported with their line numbers.
func ParseIgnore(src string) (*IgnoreRules, []IgnoreLineError) {
	rs := &IgnoreRules{}
	for _, p := range DefaultIgnore {
		rs.add(IgnoreRule{Source: "default", Pattern: p})
	}
	var errs []IgnoreLineError
	for i, line := range strings.Split(strings.TrimPrefix(src, "\ufeff"), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if !strings.HasSuffix(line, `\ `) {
			line = strings.TrimRight(line, " \t")
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if msg := invalidPattern(line); msg != "" {
			errs = append(errs, IgnoreLineError{Line: i + 1, Message: msg})
			continue
		}
		rs.add(IgnoreRule{Source: IgnoreFile, Line: i + 1, Pattern: line})
	}
	return rs, errs
}

func (r *IgnoreRules) add(rule IgnoreRule) {
	rule.negate = strings.HasPrefix(rule.Pattern, "!")
	rule.match = gitignore.ParsePattern(rule.Pattern, nil)
	r.rules = append(r.rules, rule)
}

// invalidPattern says why a line cannot be a pattern ("" when it can): the
// matcher treats a malformed glob as matching nothing, which would be a
// silent rule.
func invalidPattern(line string) string {
	p := strings.TrimPrefix(line, "!")
	if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
		p = line[1:]
	}
	if strings.Trim(p, "/") == "" {
		return fmt.Sprintf("%q matches nothing", line)
	}
	for _, seg := range strings.Split(strings.Trim(p, "/"), "/") {
		if seg == "" {
			return fmt.Sprintf("%q has an empty path segment (//)", line)
		}
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Sprintf("%q is not a valid pattern: %v", line, err)
		}
	}
	return ""
}

// Match tells whether rel (slash-separated, relative to the workspace
// root) is ignored and by which rule.
func (r *IgnoreRules) Match(rel string, isDir bool) (IgnoreRule, bool) {
	parts := strings.Split(rel, "/")
	for i := len(r.rules) - 1; i >= 0; i-- {
		switch r.rules[i].match.Match(parts, isDir) {
		case gitignore.Exclude:
			return r.rules[i], true
		case gitignore.Include:
			return r.rules[i], false
		}
	}
	return IgnoreRule{}, false
}

// mayReinclude tells whether a negated rule could bring back something
// under the ignored folder dir, so the walk must look inside it.
func (r *IgnoreRules) mayReinclude(dir string) bool {
	dparts := strings.Split(dir, "/")
	for _, rule := range r.rules {
		if !rule.negate {
			continue
		}
		p := strings.TrimPrefix(strings.TrimPrefix(rule.Pattern, "!"), "/")
		pparts := strings.Split(strings.TrimSuffix(p, "/"), "/")
		if len(pparts) == 1 || pparts[0] == "**" {
			return true // a bare name matches at any depth
		}
		if prefixMatches(pparts, dparts) {
			return true
		}
	}
	return false
}

func prefixMatches(pattern, dir []string) bool {
	for i := 0; i < len(pattern) && i < len(dir); i++ {
		if pattern[i] == "**" {
			return true
		}
		if ok, _ := path.Match(pattern[i], dir[i]); !ok {
			return false
		}
	}
	return len(pattern) > len(dir)
}

// LoadIgnore reads wsRoot's ignore file on top of the defaults; a missing
// file means the defaults alone.
func LoadIgnore(wsRoot string) (*IgnoreRules, []IgnoreLineError, error) {
	raw, err := os.ReadFile(filepath.Join(wsRoot, IgnoreFile))
	if errors.Is(err, fs.ErrNotExist) {
		rs, _ := ParseIgnore("")
		return rs, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", IgnoreFile, err)
	}
	rs, errs := ParseIgnore(string(raw))
	return rs, errs, nil
}

// ErrInvalidIgnore means ignore-file text has invalid lines; the error
// names each with its line number.
var ErrInvalidIgnore = errors.New("invalid ignore rules")

// SaveIgnore validates text and writes it as wsRoot's ignore file,
// replacing it whole so a reader never sees half a file. Text with an
// invalid line is not saved.
func SaveIgnore(wsRoot, text string) error {
	if _, errs := ParseIgnore(text); len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, e := range errs {
			msgs[i] = e.Error()
		}
		return fmt.Errorf("%w: %s", ErrInvalidIgnore, strings.Join(msgs, "; "))
	}
	tmp, err := os.CreateTemp(wsRoot, IgnoreFile+".*.tmp")
	if err != nil {
		return fmt.Errorf("save %s: %w", IgnoreFile, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(text); err != nil {
		tmp.Close()
		return fmt.Errorf("save %s: %w", IgnoreFile, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save %s: %w", IgnoreFile, err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(wsRoot, IgnoreFile)); err != nil {
		return fmt.Errorf("save %s: %w", IgnoreFile, err)
	}
	return nil
}
