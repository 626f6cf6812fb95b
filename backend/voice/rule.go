package voice

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// rule is one compiled guideline. Constructors validate and compile once;
// check only matches, so a Guidelines value can check many drafts.
type rule interface {
	def() *definition
	// compile validates the kind's own fields of the rule's YAML mapping
	// node n and compiles its patterns.
	compile(n *yaml.Node) []LineError
	check(d *draft) []Issue
}

// definition holds the fields every rule kind shares.
type definition struct {
	Name          string   `yaml:"name"`
	Kind          string   `yaml:"kind"`
	Message       string   `yaml:"message"`        // the guideline; %s becomes the matched text
	LevelText     string   `yaml:"level"`          // required | recommended
	Why           string   `yaml:"why"`            // explanation shown with each issue
	Suggest       string   `yaml:"suggest"`        // guidance when no concrete rewrite exists
	Exceptions    []string `yaml:"exceptions"`     // regexes; a match inside one is not an issue
	CaseSensitive bool     `yaml:"case_sensitive"` // tokens only; patterns are used as written

	level      Level
	exceptions []*regexp.Regexp
}

func (d *definition) def() *definition { return d }

// issue builds an issue for Text[start:end] with the shared fields filled.
func (d *definition) issue(dr *draft, start, end int, explanation, suggestion string, concrete bool) Issue {
	passage := dr.Text[start:end]
	msg := d.Message
	if strings.Contains(msg, "%s") {
		msg = strings.ReplaceAll(msg, "%s", passage)
	}
	if d.Why != "" {
		explanation = d.Why
	}
	if !concrete && d.Suggest != "" {
		suggestion = d.Suggest
	}
	return Issue{Passage: passage, Start: start, End: end, Rule: d.Name, Kind: d.Kind, Guideline: msg,
		Explanation: explanation, Suggestion: suggestion, Concrete: concrete, Level: d.level, Engine: EngineOffline}
}

// exceptionSet holds the spans of a rule's exception matches in one
// draft. They are found on the first covers: most rules match nothing in
// most drafts, and an exception pattern over a 1 MB draft is not free.
type exceptionSet struct {
	res  []*regexp.Regexp
	text string
	locs [][]int
	done bool
}

func (d *definition) exceptionsIn(text string) *exceptionSet {
	return &exceptionSet{res: d.exceptions, text: text}
}

// covers reports whether [start,end) lies inside an exception match.
func (x *exceptionSet) covers(start, end int) bool {
	if !x.done {
		for _, re := range x.res {
			x.locs = append(x.locs, re.FindAllStringIndex(x.text, -1)...)
		}
		x.done = true
	}
	for _, loc := range x.locs {
		if loc[0] <= start && end <= loc[1] {
			return true
		}
	}
	return false
}

// literalPattern compiles a literal phrase; any run of spaces in it matches
// any run of whitespace in the draft.
func literalPattern(phrase string, caseSensitive bool) (wordPattern, error) {
	fields := strings.Fields(phrase)
	if len(fields) == 0 {
		return wordPattern{}, fmt.Errorf("empty phrase")
	}
	return compileWords(fields, `\s+`, caseSensitive)
}

func atBoundary(text string, start, end int) bool {
	first, _ := utf8.DecodeRuneInString(text[start:end])
	last, _ := utf8.DecodeLastRuneInString(text[start:end])
	if isWordRune(first) && start > 0 {
		if r, _ := utf8.DecodeLastRuneInString(text[:start]); isWordRune(r) {
			return false
		}
	}
	if isWordRune(last) && end < len(text) {
		if r, _ := utf8.DecodeRuneInString(text[end:]); isWordRune(r) {
			return false
		}
	}
	return true
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_' }

// matchCase gives replacement the capitalisation pattern of original:
// ALL CAPS stays all caps, a capitalised first letter stays capitalised.
func matchCase(original, replacement string) string {
	if replacement == "" {
		return replacement
	}
	letters := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) {
			return r
		}
		return -1
	}, original)
	if utf8.RuneCountInString(letters) > 1 && letters == strings.ToUpper(letters) {
		return strings.ToUpper(replacement)
	}
	o, _ := utf8.DecodeRuneInString(original)
	r, n := utf8.DecodeRuneInString(replacement)
	if unicode.IsUpper(o) && unicode.IsLower(r) {
		return string(unicode.ToUpper(r)) + replacement[n:]
	}
	return replacement
}

func quote(s string) string { return "“" + s + "”" }
