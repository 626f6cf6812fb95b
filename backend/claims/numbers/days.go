package numbers

import "strings"

// Days is the slot of days of the week; Value is a bit set (Monday = 1,
// Sunday = 64), so "Monday to Friday" = 31 and "weekends" = 96.
const Days Kind = "days"

var weekdays = map[string]int{"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4,
	"saturday": 5, "sunday": 6, "mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}

func weekday(w string) (int, bool) {
	d, ok := weekdays[strings.TrimSuffix(w, "s")]
	return d, ok
}

// readDays reads "Monday to Friday", "Monday–Friday", "Saturdays",
// "weekdays" and "weekends" ("every day" stays a frequency).
func readDays(t []token, i int) (Quantity, int) {
	tk := t[i]
	if tk.kind != tokWord {
		return Quantity{}, 0
	}
	switch strings.TrimSuffix(tk.lower, "s") {
	case "weekday":
		return Quantity{Kind: Days, Value: 31, Start: tk.start, End: tk.end}, 1
	case "weekend":
		return Quantity{Kind: Days, Value: 96, Start: tk.start, End: tk.end}, 1
	}
	from, ok := weekday(tk.lower)
	if !ok || tk.text[0] < 'A' || tk.text[0] > 'Z' {
		return Quantity{}, 0
	}
	k := i + 1
	if k < len(t) && (t[k].lower == "to" || t[k].lower == "through" || t[k].lower == "until" || t[k].lower == "till" || t[k].text == "-" || t[k].text == "–") {
		k++
	}
	if k > i+1 && k < len(t) {
		if to, ok := weekday(t[k].lower); ok {
			v := 0
			for d := from; ; d = (d + 1) % 7 {
				v |= 1 << d
				if d == to {
					break
				}
			}
			return Quantity{Kind: Days, Value: float64(v), Start: tk.start, End: t[k].end}, k - i + 1
		}
	}
	return Quantity{Kind: Days, Value: float64(int(1) << from), Start: tk.start, End: tk.end}, 1
}

// Complement is the days a day set leaves out: "closed on weekends" =
// open Monday to Friday.
func Complement(q Quantity) Quantity {
	if q.Kind == Days {
		q.Value = float64(127 &^ int(q.Value))
	}
	return q
}

// Within reports whether a's days all fall inside b's: "on Mondays" is
// within "Monday to Friday".
func Within(a, b Quantity) bool {
	return a.Kind == Days && b.Kind == Days && int(a.Value)&^int(b.Value) == 0
}

var dayNames = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}

func daysString(v float64) string {
	n := int(v)
	switch n {
	case 31:
		return "Monday to Friday"
	case 96:
		return "weekends"
	case 127:
		return "every day"
	}
	var parts []string
	for d := 0; d < 7; d++ {
		if n&(1<<d) != 0 {
			parts = append(parts, dayNames[d])
		}
	}
	return strings.Join(parts, ", ")
}
