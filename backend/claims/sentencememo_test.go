package claims

import (
	"fmt"
	"reflect"
	"testing"
)

func TestSentenceMemoGivesWhatAnalyzeGives(t *testing.T) {
	t.Parallel()
	business := stem("business")
	cases := []struct {
		name  string
		text  string
		known []map[string]bool // analysed in turn, through one memo
	}{
		{"no capitalised first word", "the Team plan costs $20 per month, billed yearly.", []map[string]bool{nil, {"team": true}}},
		{"first word becomes a known name", "Business plans renew every year; Starter plans renew monthly.",
			[]map[string]bool{nil, {business: true}, nil, {business: true}}},
		{"a table row", "| Business | $40 | yearly |", []map[string]bool{{business: true}, nil}},
		{"more known-name sets than it keeps", "Business plans renew.",
			[]map[string]bool{nil, {business: true}, {business: true, "x": true}, {}, {"y": true}, {business: true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := newSentenceMemo()
			for i, known := range c.known {
				want := analyze(c.text, known)
				want.clauses = splitClauses(c.text, known)
				if got := m.analyzed(c.text, known); !reflect.DeepEqual(got, want) {
					t.Errorf("call %d (known %v): memo gave names %v, analyze gave %v", i, known, got.names, want.names)
				}
				if got, want := m.namesOf(c.text), analyze(c.text, nil).names; !reflect.DeepEqual(got, want) {
					t.Errorf("call %d: namesOf = %v, want %v", i, got, want)
				}
			}
		})
	}
}

func TestSentenceMemoStartsOverWhenFull(t *testing.T) {
	t.Parallel()
	m := newSentenceMemo()
	for i := range memoCap + 10 {
		m.analyzed(fmt.Sprintf("Plan %d costs $%d.", i, i), nil)
	}
	if m.size > memoCap || len(m.full) > memoCap {
		t.Fatalf("memo holds %d entries (%d texts), want at most %d", m.size, len(m.full), memoCap)
	}
	if len(m.full) == 0 {
		t.Fatal("memo is empty after the last analyses")
	}
}
