package numbers

import (
	"fmt"
	"math"
	"strings"
)

// Kind is the slot type of a quantity; only quantities of the same kind
// are ever compared.
type Kind string

const (
	Money    Kind = "money"    // Value in currency units
	Percent  Kind = "percent"  // Value in percent
	Duration Kind = "duration" // Value in days
	Date     Kind = "date"     // Value is yyyymmdd; mm and dd are 0 when not given
	Time     Kind = "time"     // time of day, Value in minutes after midnight
	Count    Kind = "count"    // anything else: requests, users, versions
)

// Bound says whether the text states a limit rather than an exact value.
type Bound int

const (
	Exact   Bound = iota
	AtMost        // up to, within, at most, less than
	AtLeast       // at least, more than, or later, or higher
)

// Quantity is one number found in text, with what it measures.
type Quantity struct {
	Kind  Kind
	Value float64
	// Unit qualifies the value: the noun after a count ("request", "gb"),
	// "business" for business days/hours, the currency for money.
	Unit string
	// Name is the word glued before the number ("ios" in "iOS 16", "aes" in
	// "AES-256", "v" in "v2"): a count with a name is a version or model.
	Name string
	// Per is the period or unit a money amount or count is given per
	// ("month", "year", "user/month"); "" when the text states none.
	Per string
	// Every marks a repeat interval ("every hour", "each 15 minutes"): a
	// different slot from a span ("after six months").
	Every bool
	Bound Bound
	// Comparative marks a bound said as a comparison ("more than 222
	// deaths", "under 32 %"), which an exact figure beyond it satisfies;
	// "up to", "at least" and "within" state a limit, which another figure
	// changes.
	Comparative bool
	Start, End  int // byte offsets of the whole mention
}

// String renders the quantity the way explanations name it.
func (q Quantity) String() string {
	switch q.Kind {
	case Money:
		if q.Value != math.Trunc(q.Value) {
			return fmt.Sprintf("$%.2f", q.Value)
		}
		return "$" + trimFloat(q.Value)
	case Percent:
		return trimFloat(q.Value) + "%"
	case Duration:
		return durationString(q.Value, q.Unit)
	case Date:
		return dateString(q.Value)
	case Days:
		return daysString(q.Value)
	case Time:
		return fmt.Sprintf("%02d:%02d", int(q.Value)/60, int(q.Value)%60)
	}
	s := trimFloat(q.Value)
	if q.Name != "" {
		s = q.Name + " " + s
	}
	if q.Unit != "" {
		s += " " + q.Unit
	}
	return s
}

func trimFloat(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return addThousands(fmt.Sprintf("%.0f", v))
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", v), "0"), ".")
}

func addThousands(s string) string {
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func durationString(days float64, unit string) string {
	u := ""
	if unit != "" {
		u = unit + " "
	}
	switch {
	case days < 1.0/24-1e-9:
		return trimFloat(math.Round(days*1440*100)/100) + " " + u + "minutes"
	case days < 2-1e-9 || math.Abs(days-math.Round(days)) > 1e-6:
		return trimFloat(math.Round(days*24*100)/100) + " " + u + "hours"
	}
	return trimFloat(math.Round(days*100)/100) + " " + u + "days"
}

var monthNames = []string{"", "January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

func dateString(v float64) string {
	n := int(v)
	y, m, d := n/10000, (n/100)%100, n%100
	switch {
	case y == 0:
		return fmt.Sprintf("%s %d", monthNames[m], d)
	case m == 0:
		return fmt.Sprint(y)
	case d == 0:
		return fmt.Sprintf("%s %d", monthNames[m], y)
	}
	return fmt.Sprintf("%s %d, %d", monthNames[m], d, y)
}

// Same reports whether a and b state the same value: dates agree at the
// coarser of the two granularities, other values within a small relative
// tolerance (so "12 months" equals "1 year").
func Same(a, b Quantity) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind == Days {
		return a.Value == b.Value
	}
	if a.Kind == Date {
		x, y := int(a.Value), int(b.Value)
		if x/10000 != y/10000 && x >= 10000 && y >= 10000 {
			return false
		}
		mx, my := (x/100)%100, (y/100)%100
		if mx == 0 || my == 0 {
			return true
		}
		if mx != my {
			return false
		}
		dx, dy := x%100, y%100
		return dx == 0 || dy == 0 || dx == dy
	}
	if a.Value == b.Value {
		return true
	}
	// Only durations convert between units ("12 months" = "1 year"); a
	// percentage, price or count must be exact (99.95% is not 99.99%).
	tol := 1e-9
	if a.Kind == Duration {
		tol = 0.015
	}
	return math.Abs(a.Value-b.Value) <= tol*math.Max(math.Abs(a.Value), math.Abs(b.Value))
}
