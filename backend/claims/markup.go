package claims

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A claim shown to a writer is a verbatim span of the draft. Markdown
// around a sentence (a heading's "##", a list bullet, a quote's ">", a
// sentence set in bold) is left out of the span; Markdown inside it (a
// link, a bold word) cannot be, so the claim's plain form, the one that is
// searched and verified, drops it and is kept as Claim.Resolved.

var (
	blockMarker = regexp.MustCompile(`^(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|\d{1,9}[.)][ \t]+|\[[ xX]\][ \t]+)`)
	// a label set in emphasis before the sentence: "**Note:** ", "_Tip:_ "
	emphLabel      = regexp.MustCompile(`^(\*\*|__|\*|_)[^*_\n]{1,40}:(\*\*|__|\*|_)[ \t]+`)
	closingHashes  = regexp.MustCompile(`[ \t]+#+$`)
	mdImage        = regexp.MustCompile(`!\[([^\]\n]*)\]\([^)\n]*\)`)
	mdLink         = regexp.MustCompile(`\[([^\]\n]+)\](?:\([^)\n]*\)|\[[^\]\n]*\])`)
	mdFootnote     = regexp.MustCompile(`\[\^[^\]\n]+\]`)
	mdAutolink     = regexp.MustCompile(`<((?:https?|mailto):[^>\s]+|[^>\s@]+@[^>\s]+)>`)
	mdCode         = regexp.MustCompile("`+([^`\n]+)`+")
	htmlTag        = regexp.MustCompile(`</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?/?>`)
	mdEscape       = regexp.MustCompile("\\\\([\\\\`*_{}\\[\\]()#+\\-.!|>~])")
	templateTag    = regexp.MustCompile(`\{%[^%]*%\}|\{\{[^}]*\}\}`)
	emphasisMarker = []string{"***", "**", "__", "~~", "*", "_"}
)

// trimMarkup returns s without the Markdown around it: block markers at
// its start (heading hashes, quote marks, list bullets and numbers, task
// boxes), an emphasised label ("**Note:**"), emphasis wrapping all of it,
// a heading's closing hashes and a hard line break. The result is still a
// verbatim span of the same text.
func trimMarkup(s Span) Span {
	for {
		a := 0
		t := s.Text
		lead := func(n int) { a += n; t = t[n:] }
		lead(len(t) - len(strings.TrimLeftFunc(t, unicode.IsSpace)))
		if m := blockMarker.FindString(t); m != "" {
			lead(len(m))
		} else if m := emphLabel.FindString(t); m != "" {
			lead(len(m))
		}
		t = strings.TrimRightFunc(strings.TrimSuffix(strings.TrimRightFunc(t, unicode.IsSpace), `\`), unicode.IsSpace)
		if loc := closingHashes.FindStringIndex(t); loc != nil {
			t = t[:loc[0]]
		}
		if u := unwrapEmphasis(t); u != t {
			a += (len(t) - len(u)) / 2 // the same run opens and closes it
			t = u
		}
		b := a + len(t)
		if a == 0 && b == len(s.Text) {
			return s
		}
		s = Span{Text: s.Text[a:b], Start: s.Start + a, End: s.Start + b}
	}
}

// unwrapEmphasis drops one emphasis run that opens and closes t ("**All
// data is encrypted.**"), when no other run of it lies in between.
func unwrapEmphasis(t string) string {
	for _, m := range emphasisMarker {
		if len(t) <= 2*len(m) || !strings.HasPrefix(t, m) {
			continue
		}
		inner := t[len(m):]
		// the closer may come before the sentence's stop: "*Note*."
		body, tail := inner, ""
		for _, stop := range []string{"", ".", "!", "?", ":"} {
			if strings.HasSuffix(inner, m+stop) {
				body, tail = inner[:len(inner)-len(m+stop)], stop
				break
			}
		}
		if body == inner || strings.Contains(body, m) || body == "" || unicode.IsSpace(firstRune(body)) {
			continue
		}
		if tail != "" {
			return t // "*Note*." keeps its marks: the stop is outside them
		}
		return body
	}
	return t
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// plainText is s without inline Markdown and HTML: links and images keep
// their text, code its content, emphasis its words; tags, template tags
// and footnote marks go, escapes are undone. Anything else is unchanged,
// so text without markup comes back as it is.
func plainText(s string) string {
	if !strings.ContainsAny(s, "[]()<>`*_~\\{}") {
		return s
	}
	s = mdImage.ReplaceAllString(s, "$1")
	s = mdLink.ReplaceAllString(s, "$1")
	s = mdFootnote.ReplaceAllString(s, "")
	s = mdAutolink.ReplaceAllString(s, "$1")
	s = mdCode.ReplaceAllString(s, "$1")
	s = htmlTag.ReplaceAllString(s, "")
	s = templateTag.ReplaceAllString(s, "")
	for _, m := range emphasisMarker {
		s = dropEmphasis(s, m)
	}
	return mdEscape.ReplaceAllString(s, "$1")
}

// dropEmphasis removes the pairs of marker m that open before a word and
// close after one ("a **bold** claim"); an underscore inside a word
// ("snake_case") or a lone star ("2 * 3") is no emphasis.
func dropEmphasis(s, m string) string {
	var b strings.Builder
	for {
		i := openerAt(s, m)
		if i < 0 {
			break
		}
		j := closerAt(s, i+len(m), m)
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		b.WriteString(s[i+len(m) : j])
		s = s[j+len(m):]
	}
	b.WriteString(s)
	return b.String()
}

// openerAt is the first i where m opens emphasis: not after a letter or
// digit, and followed by a non-space.
func openerAt(s, m string) int {
	for from := 0; from < len(s); {
		k := strings.Index(s[from:], m)
		if k < 0 {
			return -1
		}
		i := from + k
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(m):])
		if i+len(m) < len(s) && !unicode.IsSpace(after) && !strings.ContainsRune("*_~", after) &&
			(i == 0 || !(unicode.IsLetter(before) || unicode.IsDigit(before) || strings.ContainsRune("*_~", before))) {
			return i
		}
		from = i + len(m)
	}
	return -1
}

// closerAt is the first j >= from where m closes emphasis: after a
// non-space, and not before a letter or digit.
func closerAt(s string, from int, m string) int {
	for from < len(s) {
		k := strings.Index(s[from:], m)
		if k < 0 {
			return -1
		}
		j := from + k
		before, _ := utf8.DecodeLastRuneInString(s[:j])
		after, _ := utf8.DecodeRuneInString(s[j+len(m):])
		if j > 0 && !unicode.IsSpace(before) && (j+len(m) == len(s) || !(unicode.IsLetter(after) || unicode.IsDigit(after))) {
			return j
		}
		from = j + len(m)
	}
	return -1
}
