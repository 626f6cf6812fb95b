package vale

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"continuity/backend/voice"
)

const wordTemplate = `(?m)\b(?:%s)\b`

// compiled is one runnable rule with the Vale level it was loaded at.
type compiled struct {
	name  string
	level string // suggestion | warning | error
	rule  voice.ExternalRule
}

// levelOf maps Vale's severities onto Continuity's two levels: an error
// must be fixed; a warning or suggestion is advice.
func levelOf(valeLevel string) voice.Level {
	if valeLevel == "error" {
		return voice.Required
	}
	return voice.Recommended
}

// compileRule builds rf; accepted is the vocabularies' accept list.
// Problems are warnings and the rule is skipped (nil).
func compileRule(rf *ruleFile, levelOverride string, accepted []string, ws *warnings) *compiled {
	lvl := rf.str("level")
	if levelOverride != "" {
		lvl = levelOverride
	}
	if lvl == "" {
		lvl = "suggestion" // Vale's default
	}
	if _, ok := levelNames[lvl]; !ok {
		ws.addf(rf.path, rf.keyLine["level"], "rule %s: level %q is not suggestion, warning or error; skipped", rf.name, lvl)
		return nil
	}
	spec := voice.Spec{Name: rf.name, Kind: rf.extends, Message: rf.str("message"), Level: levelOf(lvl)}
	if !rf.scopes(&spec, ws) {
		return nil
	}
	c := &ruleCompiler{rf: rf, ws: ws}
	useVocab := rf.str("vocab") != "false"
	ex, _ := rf.list("exceptions")
	if useVocab && !(rf.extends == "existence" && rf.boolean("nonword")) {
		ex = append(ex, accepted...)
	}
	spec.Except = c.exceptions(ex)
	r, ok := c.build(spec)
	if !ok || c.failed {
		return nil
	}
	return &compiled{name: rf.name, level: lvl, rule: r}
}

// scopes reads scope: a name or a list; unsupported scopes skip the rule.
func (rf *ruleFile) scopes(spec *voice.Spec, ws *warnings) bool {
	names, _ := rf.list("scope")
	for _, n := range names {
		if n == "summary" {
			n = "text" // the whole document, which is what summary-scoped kinds read
		}
		sc, ok := voice.ParseScope(n)
		if !ok {
			ws.addf(rf.path, rf.keyLine["scope"], "rule %s: scope %q is not supported (text, raw, heading, paragraph, sentence, list, table, blockquote); skipped", rf.name, n)
			return false
		}
		spec.Scopes = append(spec.Scopes, sc)
	}
	return true
}

type ruleCompiler struct {
	rf     *ruleFile
	ws     *warnings
	failed bool
}

func (c *ruleCompiler) regexp(expr string, line int) *regexp.Regexp {
	re, err := regexp.Compile(expr)
	if err != nil {
		c.ws.addf(c.rf.path, line, "rule %s: pattern %q cannot run in RE2 (%v); rule skipped", c.rf.name, expr, err)
		c.failed = true
		return nil
	}
	return re
}

// exceptions is Vale's exception pattern: any exception found as whole
// words in a match excuses it. Longest first, for greedy alternation.
func (c *ruleCompiler) exceptions(ex []string) *regexp.Regexp {
	if len(ex) == 0 {
		return nil
	}
	ex = append([]string(nil), ex...)
	sort.SliceStable(ex, func(i, j int) bool { return len(ex[i]) > len(ex[j]) })
	return c.regexp(fmt.Sprintf(wordTemplate, strings.Join(ex, "|")), c.rf.keyLine["exceptions"])
}

func (c *ruleCompiler) template(word bool) string {
	t := `(?m)(?:%s)`
	if word {
		t = wordTemplate
	}
	if c.rf.boolean("ignorecase") {
		t = "(?i)" + t
	}
	return t
}

func (c *ruleCompiler) build(spec voice.Spec) (voice.ExternalRule, bool) {
	rf := c.rf
	switch rf.extends {
	case "existence":
		tokens := c.runnable(rf.list("tokens"))
		raw, _ := rf.list("raw")
		if len(tokens)+len(raw) == 0 {
			return voice.ExternalRule{}, false
		}
		expr := fmt.Sprintf(c.template(!rf.boolean("nonword") && len(tokens) > 0), strings.Join(tokens, "|"))
		if rf.boolean("append") {
			expr += strings.Join(raw, "")
		} else {
			expr = strings.Join(raw, "") + expr
			if rf.boolean("ignorecase") {
				expr = "(?i)" + expr
			}
		}
		re := c.regexp(expr, rf.keyLine["tokens"])
		return voice.NewExistence(spec, re), re != nil
	case "substitution":
		return c.substitution(spec)
	case "occurrence":
		expr := "(?:" + rf.str("token") + ")"
		if rf.boolean("ignorecase") {
			expr = "(?i)" + expr
		}
		re := c.regexp(expr, rf.keyLine["token"])
		lo, _ := rf.number("min")
		hi, _ := rf.number("max")
		spec.Scopes = perBlock(spec.Scopes)
		return voice.NewOccurrence(spec, re, int(lo), int(hi)), re != nil
	case "repetition":
		tokens, _ := rf.list("tokens")
		expr := "(" + strings.Join(tokens, "|") + ")"
		if rf.boolean("ignorecase") {
			expr = "(?i)" + expr
		}
		re := c.regexp(expr, rf.keyLine["tokens"])
		hi, _ := rf.number("max")
		return voice.NewRepetition(spec, re, int(hi), rf.boolean("ignorecase"), rf.boolean("alpha")), re != nil
	case "consistency":
		pairs, lines := rf.pairs("either")
		var res []*regexp.Regexp
		for i, p := range pairs {
			res = append(res, c.regexp(fmt.Sprintf(c.template(!rf.boolean("nonword")), "("+p[0]+")|("+p[1]+")"), lines[i]))
		}
		return voice.NewConsistency(spec, res), len(res) > 0
	case "conditional":
		first := c.regexp(rf.str("first"), rf.keyLine["first"])
		second := c.regexp(rf.str("second"), rf.keyLine["second"])
		if c.failed {
			return voice.ExternalRule{}, false
		}
		return voice.NewConditional(spec, first, second), true
	case "capitalization":
		return c.capitalization(spec)
	case "readability":
		return c.readability(spec)
	}
	return voice.ExternalRule{}, false
}

func (c *ruleCompiler) substitution(spec voice.Spec) (voice.ExternalRule, bool) {
	pairs, lines := c.rf.pairs("swap")
	if len(pairs) == 0 {
		c.ws.addf(c.rf.path, c.rf.keyLine["swap"], "rule %s: swap needs a mapping of pattern: replacement; skipped", c.rf.name)
		return voice.ExternalRule{}, false
	}
	var alts, repl []string
	for i, p := range pairs {
		if strings.Count(p[0], "(") > strings.Count(p[0], "(?")+strings.Count(p[0], `\(`) {
			c.ws.addf(c.rf.path, lines[i], "rule %s: capture group in %q (Vale refuses it too; use (?:); skipped", c.rf.name, p[0])
			return voice.ExternalRule{}, false
		}
		if _, err := regexp.Compile(p[0]); err != nil {
			c.ws.addf(c.rf.path, lines[i], "rule %s: swap %q cannot run in RE2 (%v); this entry is skipped", c.rf.name, p[0], err)
			continue
		}
		alts, repl = append(alts, "("+p[0]+")"), append(repl, p[1])
	}
	if len(alts) == 0 {
		return voice.ExternalRule{}, false
	}
	re := c.regexp(fmt.Sprintf(c.template(!c.rf.boolean("nonword")), strings.Join(alts, "|")), c.rf.keyLine["swap"])
	// Vale.Terms finds a term in any case but wants it written exactly.
	foldSame := c.rf.boolean("ignorecase") && c.rf.name != "Vale.Terms"
	return voice.NewSubstitution(spec, re, repl, foldSame), re != nil
}

func (c *ruleCompiler) capitalization(spec voice.Spec) (voice.ExternalRule, bool) {
	rf := c.rf
	match := rf.str("match")
	var pattern *regexp.Regexp
	switch match {
	case voice.CaseTitle, voice.CaseSentence, voice.CaseLower, voice.CaseUpper:
	case "":
		c.ws.addf(rf.path, 1, "rule %s: capitalization needs match; skipped", rf.name)
		return voice.ExternalRule{}, false
	default:
		if pattern = c.regexp(match, rf.keyLine["match"]); pattern == nil {
			return voice.ExternalRule{}, false
		}
	}
	if st := rf.str("style"); st != "" && st != "AP" {
		c.ws.addf(rf.path, rf.keyLine["style"], "rule %s: style %q is checked with AP's small words", rf.name, st)
	}
	if _, ok := rf.keys["prefix"]; ok {
		c.ws.addf(rf.path, rf.keyLine["prefix"], "rule %s: prefix is not supported; headings are checked whole", rf.name)
	}
	ind, _ := rf.list("indicators")
	th, _ := rf.number("threshold")
	return voice.NewCapitalization(spec, match, pattern, ind, th), true
}

func (c *ruleCompiler) readability(spec voice.Spec) (voice.ExternalRule, bool) {
	rf := c.rf
	metrics, lines := rf.list("metrics")
	fk := false
	for i, m := range metrics {
		if m == "Flesch-Kincaid" {
			fk = true
			continue
		}
		c.ws.addf(rf.path, lines[i], "rule %s: metric %q is not computed; only Flesch-Kincaid is", rf.name, m)
	}
	grade, ok := rf.number("grade")
	if !fk || !ok {
		c.ws.addf(rf.path, rf.keyLine["metrics"], "rule %s: readability needs the Flesch-Kincaid metric and a grade; skipped", rf.name)
		return voice.ExternalRule{}, false
	}
	return voice.NewReadability(spec, grade), true
}

// runnable keeps the non-empty tokens RE2 can compile; each other one is
// a warning at its line, and the rest of the rule still runs.
func (c *ruleCompiler) runnable(tokens []string, lines []int) []string {
	var out []string
	for i, t := range tokens {
		if strings.TrimSpace(t) == "" {
			continue
		}
		if _, err := regexp.Compile(t); err != nil {
			c.ws.addf(c.rf.path, lines[i], "rule %s: token %q cannot run in RE2 (%v); this token is skipped", c.rf.name, t, err)
			continue
		}
		out = append(out, t)
	}
	return out
}

// perBlock turns scope text into every block scope: Vale lints Markdown
// block by block, so an occurrence rule on text counts within each
// paragraph, heading, list item, table and quote, never across them
// (checked with vale 3.26: two "!" in one paragraph alert, in two
// paragraphs or two list items they do not).
func perBlock(scopes []voice.Scope) []voice.Scope {
	if len(scopes) > 0 && (len(scopes) > 1 || scopes[0] != voice.ScopeText) {
		return scopes
	}
	return []voice.Scope{voice.ScopeParagraph, voice.ScopeHeading, voice.ScopeList, voice.ScopeTable, voice.ScopeBlockquote}
}
