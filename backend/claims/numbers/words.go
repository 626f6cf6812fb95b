package numbers

import "strings"

var smallNumbers = map[string]float64{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
	"eighty": 80, "ninety": 90, "a dozen": 12, "dozen": 12, "single": 1, "once": 1, "twice": 2,
}

var multipliers = map[string]float64{"hundred": 100, "thousand": 1000, "million": 1e6, "billion": 1e9}

// IsNumberWord reports whether w (lower case) is part of a spelled-out number.
func IsNumberWord(w string) bool {
	w = strings.ToLower(w)
	_, a := smallNumbers[w]
	_, b := multipliers[w]
	return (a || b) && w != "single" && w != "once" && w != "twice"
}

// parseWords reads a spelled-out number from the start of words (lower
// case), returning its value and how many words it used. "a million" and
// "twenty-four" (already split on the hyphen) are understood.
func parseWords(words []string) (float64, int) {
	total, current := 0.0, 0.0
	used, seen := 0, false
	for i := 0; i < len(words); i++ {
		w := words[i]
		if v, ok := smallNumbers[w]; ok && w != "single" && w != "once" && w != "twice" && w != "dozen" {
			if seen && current >= 20 && current < 100 && int(current)%10 == 0 && v < 10 {
				current += v // twenty four
			} else if seen && current != 0 {
				break
			} else {
				current += v
			}
			seen, used = true, i+1
			continue
		}
		if m, ok := multipliers[w]; ok {
			if !seen {
				if i == 0 {
					break
				}
				current = 1
			}
			if current == 0 {
				current = 1
			}
			if m >= 1000 {
				total += current * m
				current = 0
			} else {
				current *= m
			}
			seen, used = true, i+1
			continue
		}
		if w == "and" && seen && i+1 < len(words) {
			if _, ok := smallNumbers[words[i+1]]; ok {
				continue
			}
		}
		break
	}
	if !seen {
		return 0, 0
	}
	return total + current, used
}
