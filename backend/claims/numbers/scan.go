package numbers

import "strings"

var months = map[string]int{"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
	"oct": 10, "nov": 11, "dec": 12}

// durationDays maps a unit word to its length in days.
var durationDays = map[string]float64{
	"second": 1.0 / 86400, "seconds": 1.0 / 86400, "minute": 1.0 / 1440, "minutes": 1.0 / 1440,
	"hour": 1.0 / 24, "hours": 1.0 / 24, "day": 1, "days": 1, "week": 7, "weeks": 7,
	"month": 365.0 / 12, "months": 365.0 / 12, "year": 365, "years": 365,
}

var currencyWords = map[string]string{"dollar": "$", "dollars": "$", "usd": "$", "euro": "€", "euros": "€", "eur": "€"}

// unitSkip are words after a number that never name what it counts.
var unitSkip = map[string]bool{"a": true, "an": true, "the": true, "of": true, "on": true, "per": true,
	"and": true, "or": true, "to": true, "in": true, "for": true, "by": true, "with": true, "is": true,
	"are": true, "at": true, "from": true, "than": true, "more": true, "less": true}

// nameSkip are words before a number that never name a version.
var nameSkip = map[string]bool{"a": true, "an": true, "the": true, "of": true, "on": true, "per": true,
	"and": true, "or": true, "to": true, "in": true, "for": true, "by": true, "with": true, "is": true,
	"are": true, "at": true, "from": true, "than": true, "up": true, "within": true, "least": true,
	"most": true, "over": true, "under": true, "about": true, "every": true, "each": true, "only": true,
	"since": true, "until": true, "after": true, "before": true, "get": true, "gets": true, "make": true,
	"makes": true, "have": true, "has": true, "add": true, "was": true, "were": true, "be": true,
	"all": true, "first": true, "last": true, "next": true, "than,": true, "costs": true, "cost": true,
	"retried": true, "retry": true, "times": true, "invoices": true, "users": true, "plus": true,
	"day": true, "days": true, "page": true, "includes": true, "include": true, "save": true, "saves": true}

// Extract finds every quantity in s, in order.
func Extract(s string) []Quantity {
	toks := tokenize(blankListMarkers(blankLinks(s)))
	var out []Quantity
	for i := 0; i < len(toks); {
		q, n := readQuantity(toks, i)
		if n == 0 {
			i++
			continue
		}
		out = append(out, q)
		i += n
	}
	return out
}

func readQuantity(t []token, i int) (Quantity, int) {
	tk := t[i]
	if q, n := readDate(t, i); n > 0 {
		return q, n
	}
	// Dates: "January 20, 2026", "February 2026".
	if m, ok := months[tk.lower]; ok && tk.kind == tokWord && i+1 < len(t) && t[i+1].kind == tokNumber &&
		(tk.text[0] >= 'A' && tk.text[0] <= 'Z') {
		v := t[i+1].value
		switch {
		case v >= 1 && v <= 31 && v == float64(int(v)):
			q := Quantity{Kind: Date, Value: float64(m*100 + int(v)), Start: tk.start, End: t[i+1].end}
			if i+2 < len(t) && t[i+2].kind == tokNumber && isYear(t[i+2].value) {
				q.Value += t[i+2].value * 10000
				q.End = t[i+2].end
				return q, 3
			}
			return q, 2 // year 0: matches any year
		case isYear(v):
			return Quantity{Kind: Date, Value: v*10000 + float64(m*100), Start: tk.start, End: t[i+1].end}, 2
		}
	}
	if q, n := readDays(t, i); n > 0 {
		return q, n
	}
	if tk.kind == tokTime {
		return Quantity{Kind: Time, Value: tk.value, Start: tk.start, End: tk.end}, 1
	}
	// Money: "$9", "$278.40".
	if tk.kind == tokSymbol && (tk.text == "$" || tk.text == "€" || tk.text == "£") && i+1 < len(t) && t[i+1].kind == tokNumber && t[i].end == t[i+1].start {
		v, n := scale(t, i+2, t[i+1].value)
		b, cmp := boundBefore(t, i)
		return Quantity{Kind: Money, Value: v, Unit: tk.text, Bound: b, Comparative: cmp, Per: rateAfter(t, i+2+n),
			Start: tk.start, End: t[i+1+n].end}, 2 + n
	}
	// "every hour", "each year".
	if (tk.lower == "every" || tk.lower == "each") && i+1 < len(t) {
		if d, ok := durationDays[t[i+1].lower]; ok && !strings.HasSuffix(t[i+1].lower, "s") {
			return Quantity{Kind: Duration, Value: d, Every: true, Start: tk.start, End: t[i+1].end}, 2
		}
	}
	if q, n := readFraction(t, i); n > 0 {
		return q, n
	}
	v, n := numberAt(t, i)
	if n == 0 {
		return Quantity{}, 0
	}
	// A number word that starts a capitalised name counts nothing: "One
	// World Trade Center", "Seven Seas" (title-case units still count:
	// "Thirty Days").
	if tk.kind == tokWord && n == 1 && isCapitalised(tk.text) && i+1 < len(t) && t[i+1].kind == tokWord &&
		isCapitalised(t[i+1].text) && durationDays[t[i+1].lower] == 0 && currencyWords[t[i+1].lower] == "" {
		return Quantity{}, 0
	}
	b, cmp := boundBefore(t, i)
	q := Quantity{Value: v, Bound: b, Comparative: cmp, Start: tk.start, End: t[i+n-1].end}
	j := i + n
	if j < len(t) && (t[j].text == "%" || t[j].lower == "percent") {
		q.Kind, q.End = Percent, t[j].end
		return q, n + 1
	}
	// "0.1 percentage points" is a difference of percentages.
	if j+1 < len(t) && t[j].lower == "percentage" && strings.HasPrefix(t[j+1].lower, "point") {
		q.Kind, q.End = Percent, t[j+1].end
		return q, n + 2
	}
	if j < len(t) && currencyWords[t[j].lower] != "" {
		q.Kind, q.Unit, q.End = Money, currencyWords[t[j].lower], t[j].end
		q.Per = rateAfter(t, j+1)
		return q, n + 1
	}
	// Time of day in words: "eight in the evening", "8 pm".
	if j < len(t) && (t[j].lower == "am" || t[j].lower == "pm") && v >= 1 && v <= 12 {
		h := float64(int(v) % 12)
		if t[j].lower == "pm" {
			h += 12
		}
		q.Kind, q.Value, q.End = Time, h*60, t[j].end
		return q, n + 1
	}
	if j+2 < len(t) && t[j].lower == "in" && t[j+1].lower == "the" && v >= 1 && v <= 12 {
		switch t[j+2].lower {
		case "morning":
			q.Kind, q.Value, q.End = Time, float64(int(v)%12)*60, t[j+2].end
			return q, n + 3
		case "afternoon", "evening":
			q.Kind, q.Value, q.End = Time, float64(int(v)%12+12)*60, t[j+2].end
			return q, n + 3
		}
	}
	// Durations: "30 days", "8-week", "two business days", "24-hour".
	k := j
	if k < len(t) && t[k].text == "-" {
		k++
	}
	unit := ""
	if k < len(t) && (t[k].lower == "business" || t[k].lower == "working" || t[k].lower == "calendar") {
		if t[k].lower != "calendar" {
			unit = "business"
		}
		k++
	}
	if k < len(t) {
		if d, ok := durationDays[t[k].lower]; ok {
			q.Kind, q.Value, q.Unit, q.End = Duration, v*d, unit, t[k].end
			q.Every = i > 0 && (t[i-1].lower == "every" || t[i-1].lower == "each")
			if q.Bound == Exact && k+2 < len(t) && t[k+1].lower == "or" && (t[k+2].lower == "more" || t[k+2].lower == "longer") {
				q.Bound = AtLeast
			}
			return q, k - i + 1
		}
	}
	if isYear(v) && tk.kind == tokNumber && !strings.Contains(tk.text, ",") && !strings.Contains(tk.text, ".") && nameOf(t, i) == "" {
		q.Kind, q.Value = Date, v*10000
		return q, n
	}
	// A spelled-out number hyphenated to a noun is a compound modifier,
	// not a count: "two-factor authentication", "one-time fee",
	// "three-way sync" (durations and money were read above).
	if tk.kind == tokWord && n == 1 && j+1 < len(t) && t[j].text == "-" && t[j+1].kind == tokWord &&
		tk.end == t[j].start && t[j].end == t[j+1].start {
		return Quantity{}, 0
	}
	q.Kind = Count
	q.Name = nameOf(t, i)
	// An ordinal counts the noun after it: "the 35th floor" is floor 35,
	// not 35 of "th".
	if j < len(t) && tk.kind == tokNumber && ordinalSuffix[t[j].lower] && t[j-1].end == t[j].start {
		q.End = t[j].end
		if j+1 < len(t) && t[j+1].kind == tokWord && !unitSkip[t[j+1].lower] {
			q.Unit = t[j+1].lower // the span stays the figure, as a count's does ("33rd")
			return q, n + 2
		}
		return q, n + 1
	}
	q.Per = rateAfter(t, j)
	if j < len(t) && t[j].kind == tokWord && !unitSkip[t[j].lower] && (t[j-1].spaceAfter || t[j-1].end == t[j].start) {
		q.Unit = t[j].lower
		q.Per = rateAfter(t, j+1)
	} else if j+1 < len(t) && t[j].text == "-" && t[j+1].kind == tokWord {
		q.Unit = t[j+1].lower
	}
	if j+2 < len(t) && t[j].lower == "or" && (t[j+1].lower == "later" || t[j+1].lower == "higher" || t[j+1].lower == "more" || t[j+1].lower == "above" || t[j+1].lower == "newer") {
		q.Bound = AtLeast
	}
	if j+1 < len(t) && t[j].lower == "or" && (t[j+1].lower == "later" || t[j+1].lower == "higher" || t[j+1].lower == "newer") {
		q.Bound = AtLeast
	}
	return q, n
}

func isYear(v float64) bool { return v >= 1900 && v <= 2100 && v == float64(int(v)) }

// numberAt reads digits or number words at t[i], with a trailing
// "million"/"thousand"; "a million" counts too.
func numberAt(t []token, i int) (float64, int) {
	tk := t[i]
	if tk.kind == tokNumber {
		v, n := scale(t, i+1, tk.value)
		return v, 1 + n
	}
	if tk.kind != tokWord {
		return 0, 0
	}
	if (tk.lower == "a" || tk.lower == "one") && i+1 < len(t) {
		if m, ok := multipliers[t[i+1].lower]; ok {
			v, n := scale(t, i+2, m)
			return v, 2 + n
		}
	}
	var words []string
	for k := i; k < len(t) && k < i+6; k++ {
		if t[k].kind == tokSymbol && t[k].text == "-" {
			continue
		}
		if t[k].kind != tokWord {
			break
		}
		words = append(words, t[k].lower)
	}
	v, used := parseWords(words)
	if used == 0 {
		return 0, 0
	}
	// map used words back to tokens (hyphens were skipped)
	n, seen := 0, 0
	for k := i; k < len(t) && seen < used; k++ {
		n++
		if t[k].kind == tokWord {
			seen++
		}
	}
	return v, n
}

func scale(t []token, j int, v float64) (float64, int) {
	if j < len(t) {
		if m, ok := multipliers[t[j].lower]; ok && m >= 1000 {
			return v * m, 1
		}
	}
	return v, 0
}

// boundBefore reads the bound stated before the number at i, and whether
// it is said as a comparison (see Quantity.Comparative).
func boundBefore(t []token, i int) (Bound, bool) {
	w := func(k int) string {
		if k < 0 {
			return ""
		}
		return t[k].lower
	}
	than := w(i-1) == "than"
	less := w(i-2) == "less" || w(i-2) == "fewer"
	more := w(i-2) == "more" || w(i-2) == "greater"
	no := than && (less || more) && w(i-3) == "no" // "no more than 5" is a limit, at most 5
	switch {
	case no && less:
		return AtLeast, false
	case no:
		return AtMost, false
	case than && less, w(i-1) == "under", w(i-1) == "below":
		return AtMost, true
	case than && more, w(i-1) == "over", w(i-1) == "above":
		return AtLeast, true
	case w(i-2) == "up" && w(i-1) == "to", w(i-1) == "within", w(i-2) == "at" && w(i-1) == "most",
		w(i-1) == "maximum", w(i-1) == "max":
		return AtMost, false
	case w(i-2) == "at" && w(i-1) == "least", w(i-1) == "minimum":
		return AtLeast, false
	}
	return Exact, false
}

// nameOf returns the word glued to the number's left ("iOS 16", "v2",
// "AES-256") when it looks like a product or standard name.
func nameOf(t []token, i int) string {
	k := i - 1
	if k >= 0 && t[k].kind == tokSymbol && t[k].text == "-" {
		k--
	}
	if k < 0 || t[k].kind != tokWord {
		return ""
	}
	p := t[k]
	if !p.spaceAfter && p.end != t[i].start && !(k+1 < i) {
		return ""
	}
	if nameSkip[p.lower] || IsNumberWord(p.lower) {
		return ""
	}
	// a name is capitalised, all caps or a single letter glued to the number (v2)
	if strings.ToLower(p.text) != p.text || (len(p.text) == 1 && p.end == t[i].start) {
		if p.end == t[i].start || p.spaceAfter || k+1 < i {
			return p.lower
		}
	}
	return ""
}
