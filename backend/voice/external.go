package voice

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// External rules are compiled outside this package (from a Vale style, for
// example) and keep their source's semantics: patterns are regular
// expressions, each rule reads one scope, and the message is the source's
// own. They run in the same engine as the guidelines' rules.

// Scope names the part of a draft an external rule reads.
type Scope string

// Scopes an external rule can read. ScopeRaw is the draft as written, code
// included; the others have code, URLs and addresses blanked.
const (
	ScopeText       Scope = "text"
	ScopeRaw        Scope = "raw"
	ScopeHeading    Scope = "heading"
	ScopeParagraph  Scope = "paragraph"
	ScopeSentence   Scope = "sentence"
	ScopeList       Scope = "list"
	ScopeTable      Scope = "table"
	ScopeBlockquote Scope = "blockquote"
)

// ParseScope accepts the scope names external rules may use.
func ParseScope(s string) (Scope, bool) {
	switch sc := Scope(s); sc {
	case ScopeText, ScopeRaw, ScopeHeading, ScopeParagraph, ScopeSentence, ScopeList, ScopeTable, ScopeBlockquote:
		return sc, true
	}
	return "", false
}

// Spec holds what every external rule shares.
type Spec struct {
	Name    string // e.g. "Continuity.Exclamation"
	Kind    string // the source's kind, e.g. "existence"
	Message string // %s placeholders are filled per kind, as the source does
	Level   Level
	Scopes  []Scope // empty means ScopeText
	// Except lists the source's exceptions: a match whose whole text
	// matches one of them is not an issue.
	Except *regexp.Regexp
}

// ExternalRule is one compiled external rule.
type ExternalRule struct{ r rule }

// FromRules builds Guidelines from external rules; source is the text shown
// to people and the model as the guide.
func FromRules(source string, rules []ExternalRule) *Guidelines {
	g := &Guidelines{Source: source}
	for _, r := range rules {
		g.rules = append(g.rules, r.r)
	}
	return g
}

// Append adds external rules to an existing set, as a new value.
func (g *Guidelines) Append(rules ...ExternalRule) *Guidelines {
	out := &Guidelines{Source: g.Source, rules: append([]rule(nil), g.rules...)}
	for _, r := range rules {
		out.rules = append(out.rules, r.r)
	}
	return out
}

// external is the base of every external rule kind.
type external struct {
	definition
	spec Spec
}

func newExternal(s Spec) external {
	if len(s.Scopes) == 0 {
		s.Scopes = []Scope{ScopeText}
	}
	return external{definition: definition{Name: s.Name, Kind: s.Kind, Message: s.Message, level: s.Level}, spec: s}
}

func (e *external) compile(*yaml.Node) []LineError { return nil }

// excepted reports whether observed is one of the rule's exceptions.
func (e *external) excepted(observed string) bool {
	return e.spec.Except != nil && e.spec.Except.MatchString(strings.TrimSpace(observed))
}

// alert builds an issue with the source's message, each %s filled in turn.
func (e *external) alert(d *draft, start, end int, suggestion string, concrete bool, fill ...string) Issue {
	is := e.issue(d, start, end, "", suggestion, concrete)
	is.Guideline = formatMessage(e.Message, fill...)
	is.Explanation = is.Guideline
	return is
}

// formatMessage fills %s placeholders in order, like Vale: extra
// placeholders stay empty and extra values are dropped.
func formatMessage(msg string, fill ...string) string {
	n := strings.Count(msg, "%s")
	args := make([]any, n)
	for i := range args {
		if i < len(fill) {
			args[i] = fill[i]
		} else {
			args[i] = ""
		}
	}
	return fmt.Sprintf(strings.ReplaceAll(strings.ReplaceAll(msg, "%", "%%"), "%%s", "%s"), args...)
}

// units returns the spans of the draft one scope covers, and the text the
// rule reads there (Masked, or Text for ScopeRaw).
func (e *external) units(d *draft) []unit {
	var out []unit
	for _, sc := range e.spec.Scopes {
		out = append(out, d.unitsOf(sc)...)
	}
	return out
}

type unit struct {
	span
	text string // the whole text the span indexes (Masked or Text)
}

func (d *draft) unitsOf(sc Scope) []unit {
	switch sc {
	case ScopeRaw:
		return []unit{{span{0, len(d.Text)}, d.Text}}
	case ScopeText:
		return []unit{{span{0, len(d.Masked)}, d.Masked}}
	case ScopeSentence:
		out := make([]unit, 0, len(d.Sentences))
		for _, s := range d.Sentences {
			if d.blockKind(s.Start) != ScopeHeading {
				out = append(out, unit{s, d.Masked})
			}
		}
		return out
	}
	var out []unit
	for _, b := range d.Blocks {
		if d.blockKind(b.Start) == sc {
			out = append(out, unit{b, d.Masked})
		}
	}
	return out
}

// blockKind classifies the block whose text starts at pos by the Markdown
// marker at the start of its line.
func (d *draft) blockKind(pos int) Scope {
	ls := strings.LastIndexByte(d.Text[:pos], '\n') + 1
	line := strings.TrimLeft(d.Text[ls:], " \t")
	switch {
	case strings.HasPrefix(line, "#"):
		return ScopeHeading
	case strings.HasPrefix(line, "|"):
		return ScopeTable
	case strings.HasPrefix(line, ">"):
		return ScopeBlockquote
	case listItem.MatchString(line):
		return ScopeList
	}
	return ScopeParagraph
}

var listItem = regexp.MustCompile(`^(?:[-*+]|\d{1,3}[.)])[ \t]`)

func formatGrade(g float64) string { return fmt.Sprintf("%.2f", g) }

// LineCol is the 1-based line and column (in characters) of byte offset
// pos in text, as Vale reports positions.
func LineCol(text string, pos int) (int, int) {
	pos = min(max(pos, 0), len(text))
	line := 1 + strings.Count(text[:pos], "\n")
	ls := strings.LastIndexByte(text[:pos], '\n') + 1
	return line, 1 + len([]rune(text[ls:pos]))
}

// CheckAll returns every rule's issues in position order without merging
// overlaps, for callers that report like the rules' source does.
func (o *Offline) CheckAll(ctx context.Context, text string) ([]Issue, error) {
	d := newDraft(text)
	var out []Issue
	for _, r := range o.g.rules {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out = append(out, r.check(d)...)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out, nil
}
