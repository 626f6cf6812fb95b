package numbers

// readDate reads the date spellings other than "January 20, 2026":
// ISO "2026-01-20", day first "20 January 2026" / "20th of January", and
// month first with an ordinal "January 20th, 2026". All normalise to the
// same yyyymmdd Value, so a date matches however a writer spelled it.
func readDate(t []token, i int) (Quantity, int) {
	tk := t[i]
	glued := func(a, b int) bool { return b < len(t) && t[a].end == t[b].start }
	// ISO 8601: 2026-01-20
	if tk.kind == tokNumber && len(tk.text) == 4 && isYear(tk.value) && i+4 < len(t) &&
		t[i+1].text == "-" && t[i+3].text == "-" && glued(i, i+1) && glued(i+1, i+2) && glued(i+2, i+3) && glued(i+3, i+4) &&
		t[i+2].kind == tokNumber && len(t[i+2].text) == 2 && t[i+4].kind == tokNumber && len(t[i+4].text) == 2 {
		m, d := t[i+2].value, t[i+4].value
		if m >= 1 && m <= 12 && d >= 1 && d <= 31 {
			return Quantity{Kind: Date, Value: tk.value*10000 + m*100 + d, Start: tk.start, End: t[i+4].end}, 5
		}
	}
	// Day first: "20 January 2026", "20th of January", "1st Jan".
	if tk.kind == tokNumber && tk.value >= 1 && tk.value <= 31 && tk.value == float64(int(tk.value)) && len(tk.text) <= 2 {
		k := i + 1
		if k < len(t) && glued(i, k) && ordinalSuffix[t[k].lower] {
			k++
		}
		if k < len(t) && t[k].lower == "of" {
			k++
		}
		if k < len(t) && t[k].kind == tokWord && isCapitalised(t[k].text) {
			if m, ok := months[t[k].lower]; ok {
				q := Quantity{Kind: Date, Value: float64(m*100) + tk.value, Start: tk.start, End: t[k].end}
				if k+1 < len(t) && t[k+1].kind == tokNumber && isYear(t[k+1].value) {
					q.Value += t[k+1].value * 10000
					q.End = t[k+1].end
					return q, k + 2 - i
				}
				return q, k + 1 - i
			}
		}
	}
	// Month first with an ordinal: "January 20th, 2026", "Jan 6th".
	if m, ok := months[tk.lower]; ok && tk.kind == tokWord && isCapitalised(tk.text) && i+2 < len(t) &&
		t[i+1].kind == tokNumber && t[i+1].value >= 1 && t[i+1].value <= 31 && glued(i+1, i+2) && ordinalSuffix[t[i+2].lower] {
		q := Quantity{Kind: Date, Value: float64(m*100) + t[i+1].value, Start: tk.start, End: t[i+2].end}
		if i+3 < len(t) && t[i+3].kind == tokNumber && isYear(t[i+3].value) {
			q.Value += t[i+3].value * 10000
			q.End = t[i+3].end
			return q, 4
		}
		return q, 3
	}
	return Quantity{}, 0
}

var ordinalSuffix = map[string]bool{"st": true, "nd": true, "rd": true, "th": true}

func isCapitalised(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }
