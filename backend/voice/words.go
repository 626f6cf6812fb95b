package voice

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// wordPattern is a guide's literal words compiled for findWords. A
// case-insensitive (?i) pattern has no literal prefix, so RE2 steps its
// automaton through every byte of the draft for every token; on a 1 MB
// price list that was most of the check. The folded twin is the same
// words lowercased and case-sensitive, matched against the draft with
// ASCII A-Z lowered (same length, so the same offsets): RE2 then jumps
// between occurrences of the first word. The two match the same spans
// exactly when the words are ASCII and the draft holds neither of the
// two non-ASCII runes that fold to an ASCII letter (see foldsToASCII).
type wordPattern struct {
	re     *regexp.Regexp // the words as the guide means them
	folded *regexp.Regexp // lowercase twin for draft.Folded; nil when not exact
}

// compileWords joins the quoted parts with sep, an ASCII-only regexp
// fragment such as `\s+`.
func compileWords(parts []string, sep string, caseSensitive bool) (wordPattern, error) {
	quoted := make([]string, len(parts))
	for i, p := range parts {
		quoted[i] = regexp.QuoteMeta(p)
	}
	expr := strings.Join(quoted, sep)
	if caseSensitive {
		re, err := regexp.Compile(expr)
		return wordPattern{re: re}, err
	}
	re, err := regexp.Compile("(?i)" + expr)
	if err != nil || !isASCII(expr) {
		return wordPattern{re: re}, err
	}
	folded, err := regexp.Compile(asciiLower(expr))
	return wordPattern{re: re, folded: folded}, err
}

// foldsToASCII are the runes outside ASCII whose simple case folding
// reaches an ASCII letter: the long s (ſ, s) and the Kelvin sign (K, k).
const foldsToASCII = "\u017F\u212A"

// foldDraft is masked with A-Z lowered, or "" when masked holds a rune
// that (?i) would match to an ASCII letter and the twin would not.
func foldDraft(masked string) string {
	if strings.ContainsAny(masked, foldsToASCII) {
		return ""
	}
	return asciiLower(masked)
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// findWords returns matches of p in the draft's masked text that start
// and end at word boundaries (Unicode-aware, unlike RE2's ASCII \b).
func findWords(p wordPattern, d *draft) [][2]int {
	re, text := p.re, d.Masked
	if p.folded != nil && d.Folded != "" {
		re, text = p.folded, d.Folded
	}
	var out [][2]int
	for _, loc := range re.FindAllStringIndex(text, -1) {
		// boundaries read the masked text: folding keeps every offset
		if loc[1] > loc[0] && atBoundary(d.Masked, loc[0], loc[1]) {
			out = append(out, [2]int{loc[0], loc[1]})
		}
	}
	return out
}

// wordSpans are the matches of wordRe in s, found by hand: a run of
// letters and digits, joined to the next run by one ' ’ . or -. It is
// the same leftmost-first, greedy match without RE2's automaton, which
// every voice check ran twice over the whole draft.
func wordSpans(s string) [][]int {
	var out [][]int
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !isWordChar(r) {
			i += w
			continue
		}
		start := i
		i = skipWordChars(s, i)
		for i < len(s) {
			j, ok := joinedRun(s, i)
			if !ok {
				break
			}
			i = j
		}
		out = append(out, []int{start, i})
	}
	return out
}

func isWordChar(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }

func skipWordChars(s string, i int) int {
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !isWordChar(r) {
			break
		}
		i += w
	}
	return i
}

// joinedRun reads a joiner at i and the run after it; ok is false, and
// nothing is read, when either is missing.
func joinedRun(s string, i int) (int, bool) {
	r, w := utf8.DecodeRuneInString(s[i:])
	if r != '\'' && r != '’' && r != '.' && r != '-' {
		return i, false
	}
	if r2, _ := utf8.DecodeRuneInString(s[i+w:]); i+w >= len(s) || !isWordChar(r2) {
		return i, false
	}
	return skipWordChars(s, i+w), true
}
