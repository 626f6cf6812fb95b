package muddy

import (
	"strings"
)

// sharedPredicate flags named subjects sharing one predicate that holds
// several values ("Basic and Pro cost $5 and $10 a month"): which value
// belongs to which subject is left to the reader, and a retriever pairs
// them however the words fall.
type sharedPredicate struct{ lex Lexicon }

func (sharedPredicate) kind() Kind { return SharedPredicate }

// span is a run of tokens, [from, to).
type span struct{ from, to int }

func (d sharedPredicate) find(s sentence) []Finding {
	ts := tokensOf(s.text)
	low := strings.ToLower(s.text)
	for _, w := range []string{"respectively", " each ", "both", "together", "between", "in that order"} {
		if strings.Contains(low, w) {
			return nil // the writer already said how the values pair up
		}
	}
	subjects, next := d.subjects(s.text, ts)
	if len(subjects) < 2 || next >= len(ts) {
		return nil
	}
	verb := ts[next]
	if !spaceOnly(gap(s.text, ts, next)) || verb.capitalized() || functionWords[verb.lower()] && !modals[verb.lower()] && !isBeHave(verb.lower()) {
		return nil
	}
	values := valueList(s.text, ts, next+1)
	if len(values) < 2 {
		return nil
	}
	subj := make([]string, len(subjects))
	for i, sp := range subjects {
		subj[i] = plain(s.text[ts[sp.from].start:ts[sp.to-1].end])
	}
	predEnd := len(stripEnd(s.text))
	valStart, valEnd := ts[values[0].from].start, ts[values[len(values)-1].to-1].end
	var parts []string
	for i, name := range subj {
		pred := singular(verb.lower()) + s.text[verb.end:predEnd]
		if len(values) == len(subj) {
			v := s.text[ts[values[i].from].start:ts[values[i].to-1].end]
			pred = singular(verb.lower()) + s.text[verb.end:valStart] + v + s.text[valEnd:predEnd]
		}
		parts = append(parts, sentenceOf(name+" "+plain(pred)))
	}
	return []Finding{{
		Sentence: s.text, Start: s.start, End: s.end, Kind: SharedPredicate,
		Why: strings.Join(subj, " and ") + " share one predicate with several values (" +
			plain(s.text[valStart:valEnd]) + "); a retriever can pair any subject with any value.",
		Rewrite: strings.Join(parts, " ") + " (pair each subject with its own value)",
	}}
}

func isBeHave(w string) bool {
	return w == "is" || w == "are" || w == "was" || w == "were" || w == "has" || w == "have"
}

// subjects reads a coordinated subject of names at the start of the
// sentence ("The Basic and Pro plans", "Alice, Bob and Carol") and
// returns the names and the index of the token after the subject.
func (d sharedPredicate) subjects(text string, ts []token) ([]span, int) {
	i := 0
	if i < len(ts) && (ts[i].lower() == "the" || ts[i].lower() == "our" || ts[i].lower() == "your") {
		i++
	}
	var out []span
	for i < len(ts) {
		v := valueAt(text, ts, i, 1)
		if v.to == 0 {
			break
		}
		out = append(out, v)
		i = v.to
		if i < len(ts) && (ts[i].lower() == "and" || ts[i].lower() == "or") {
			i++
			continue
		}
		if i < len(ts) && strings.TrimSpace(gap(text, ts, i)) == "," {
			continue
		}
		break
	}
	if len(out) < 2 || i >= len(ts) {
		return nil, 0
	}
	// one shared head noun: "The Basic and Pro plans cost …"
	if w := ts[i].lower(); !ts[i].capitalized() && !functionWords[w] && strings.HasSuffix(w, "s") &&
		d.lex.Has(w) && !d.lex.Modifier(w) && i+1 < len(ts) && !ts[i+1].capitalized() {
		i++
	}
	return out, i
}

// gap is the text between token i-1 and token i.
func gap(text string, ts []token, i int) string {
	if i <= 0 || i >= len(ts) {
		return ""
	}
	return text[ts[i-1].end:ts[i].start]
}

// valueList finds the first coordination of values after token from:
// names or numbers ("$5 and $10", "Chicago, Denver and New York").
func valueList(text string, ts []token, from int) []span {
	for k := from + 1; k+1 < len(ts); k++ {
		if w := ts[k].lower(); w != "and" && w != "or" {
			continue
		}
		left, right := valueAt(text, ts, k-1, -1), valueAt(text, ts, k+1, 1)
		if right.to == 0 || left.to == 0 || left.from < from {
			continue
		}
		out := []span{left, right}
		for p := left.from; p-1 >= from && strings.TrimSpace(gap(text, ts, p)) == ","; {
			v := valueAt(text, ts, p-1, -1)
			if v.to == 0 || v.from < from {
				break
			}
			out = append([]span{v}, out...)
			p = v.from
		}
		return out
	}
	return nil
}

// valueAt is the run of capitalized or numeric tokens from k growing in
// direction dir (+1 right, -1 left) and stopping at a comma; zero when
// ts[k] is neither.
func valueAt(text string, ts []token, k, dir int) span {
	if k < 0 || k >= len(ts) || !ts[k].capitalized() {
		return span{}
	}
	a, b := k, k+1
	if dir > 0 {
		for b < len(ts) && ts[b].capitalized() && b-a < maxItemWords && spaceOnly(gap(text, ts, b)) {
			b++
		}
	} else {
		for a > 0 && ts[a-1].capitalized() && b-a < maxItemWords && spaceOnly(gap(text, ts, a)) {
			a--
		}
	}
	return span{a, b}
}

// spaceOnly: nothing but spaces and emphasis marks between two words.
func spaceOnly(g string) bool { return strings.Trim(g, " \t\n*_") == "" }
