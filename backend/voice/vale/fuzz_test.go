package vale

import (
	"context"
	"testing"
)

// FuzzParse feeds arbitrary .vale.ini and rule YAML through the parsers and
// the compiler: they may warn or fail, never panic, and a compiled rule set
// must run on a draft.
func FuzzParse(f *testing.F) {
	f.Add([]byte("StylesPath = styles\n[*.md]\nBasedOnStyles = A\nA.B = NO\n"),
		[]byte("extends: existence\nmessage: \"'%s'\"\ntokens: [foo, '(?=x)']\n"))
	f.Add([]byte("[*.{md,txt]\n"), []byte("extends: substitution\nmessage: m\nswap:\n  a(b): c\n"))
	f.Add([]byte("MinAlertLevel = loud\n"), []byte("extends: occurrence\nmessage: m\nscope: [sentence, code]\nmax: x\ntoken: '\\w+'\n"))
	f.Add([]byte(""), []byte("extends: capitalization\nmessage: m\nmatch: '['\n"))
	f.Add([]byte("Vocab = X\n"), []byte("extends: conditional\nmessage: m\nfirst: '([A-Z]+)'\nsecond: '\\(([A-Z]+)\\)'\n"))
	f.Fuzz(func(t *testing.T, ini, rule []byte) {
		ws := &warnings{}
		if _, err := parseConfig("fuzz/.vale.ini", ini, ws); err != nil {
			return
		}
		rf := parseRuleFile("fuzz/R.yml", "S.R", rule, ws)
		for _, w := range ws.list {
			if w.File == "" || w.Message == "" {
				t.Fatalf("warning without file or message: %+v", w)
			}
		}
		if rf == nil {
			return
		}
		c := compileRule(rf, "", []string{"Tallyhub"}, ws)
		if c == nil {
			return
		}
		issues, err := runOne(context.Background(), c, "# Heading\n\nSome text, foo AB (AB). Again again!\n")
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range issues {
			if is.Start < 0 || is.End < is.Start {
				t.Fatalf("bad span %d..%d", is.Start, is.End)
			}
		}
	})
}
