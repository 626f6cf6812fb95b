package text

import (
	"sort"
	"unicode"
)

// DigitValue returns the value of a decimal digit of any script: "２",
// "٢" and "२" are all 2. Every range of Unicode's Nd category is a run of
// whole zero-to-nine sequences (checked by a test over the table), so the
// value is the distance from the range's start, modulo ten.
func DigitValue(r rune) (int, bool) {
	if r >= '0' && r <= '9' {
		return int(r - '0'), true
	}
	if r < 0x80 {
		return 0, false
	}
	if r <= 0xFFFF {
		t := unicode.Nd.R16
		i := sort.Search(len(t), func(i int) bool { return rune(t[i].Hi) >= r })
		if i < len(t) && rune(t[i].Lo) <= r {
			return int(r-rune(t[i].Lo)) % 10, true
		}
		return 0, false
	}
	t := unicode.Nd.R32
	i := sort.Search(len(t), func(i int) bool { return rune(t[i].Hi) >= r })
	if i < len(t) && rune(t[i].Lo) <= r {
		return int(r-rune(t[i].Lo)) % 10, true
	}
	return 0, false
}
