package numbers

import "strings"

// periodWords name a billing or rate period, singular and plural.
var periodWords = map[string]string{
	"second": "second", "seconds": "second", "sec": "second", "minute": "minute", "minutes": "minute", "min": "minute",
	"hour": "hour", "hours": "hour", "hr": "hour", "day": "day", "days": "day", "week": "week", "weeks": "week",
	"month": "month", "months": "month", "mo": "month", "year": "year", "years": "year", "yr": "year",
}

// periodAdverbs are one-word rates: "$29 monthly", "$278.40 annually".
var periodAdverbs = map[string]string{"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month",
	"annually": "year", "annual": "year", "yearly": "year"}

// rateAfter reads what a quantity is counted per, starting at token j:
// "/month", "per user per month", "a year", "each month", "annually".
// Rates combine in order of appearance ("user/month"); "" when none.
func rateAfter(t []token, j int) string {
	var parts []string
	for len(parts) < 2 && j < len(t) {
		w := t[j].lower
		switch {
		case (w == "/" || w == "per") && j+1 < len(t) && t[j+1].kind == tokWord:
			parts = append(parts, rateNoun(t[j+1].lower))
			j += 2
		case (w == "a" || w == "an" || w == "each" || w == "every") && j+1 < len(t) && periodWords[t[j+1].lower] != "" &&
			!strings.HasSuffix(t[j+1].lower, "s"):
			parts = append(parts, periodWords[t[j+1].lower])
			j += 2
		case periodAdverbs[w] != "" && t[j].kind == tokWord:
			parts = append(parts, periodAdverbs[w])
			j++
		default:
			return strings.Join(parts, "/")
		}
	}
	return strings.Join(parts, "/")
}

// rateNoun folds "months" to "month" and "users" to "user".
func rateNoun(w string) string {
	if p := periodWords[w]; p != "" {
		return p
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return w[:len(w)-1]
	}
	return w
}

// SameRate reports whether two quantities are counted per the same
// period or unit; a side that states no rate is compatible with any.
// "$29 per month" and "$278.40 per year" fill different slots.
func SameRate(a, b Quantity) bool {
	return a.Per == "" || b.Per == "" || a.Per == b.Per
}
