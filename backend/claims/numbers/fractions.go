package numbers

// fractionWords are the shares said as words, as parts of one.
var fractionWords = map[string]float64{"half": 0.5, "third": 1.0 / 3, "thirds": 1.0 / 3, "quarter": 0.25,
	"quarters": 0.25, "fifth": 0.2, "fifths": 0.2, "tenth": 0.1, "tenths": 0.1}

// fractionCounts are the counts a share's word may follow ("two thirds").
var fractionCounts = map[string]float64{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}

// readFraction reads a share said as a fraction of something ("a tenth of
// their time", "half of the seats", "two thirds of users") as the
// percentage it is, so that "no more than a tenth of your time" meets "up
// to 20% of your time". Only before "of": "a quarter" alone is as often a
// period, and "a third region" an ordinal.
func readFraction(t []token, i int) (Quantity, int) {
	k, count := i, 1.0
	if c, ok := fractionCounts[t[i].lower]; ok && t[i].kind == tokWord {
		k, count = i+1, c
	}
	if k+1 >= len(t) || t[k].kind != tokWord || t[k+1].lower != "of" {
		return Quantity{}, 0
	}
	f, ok := fractionWords[t[k].lower]
	if !ok || (k == i && t[k].lower != "half") || count*f >= 1 {
		return Quantity{}, 0
	}
	b, cmp := boundBefore(t, i)
	v := count * f * 100
	return Quantity{Kind: Percent, Value: v, Bound: b, Comparative: cmp, Start: t[i].start, End: t[k].end}, k + 1 - i
}
