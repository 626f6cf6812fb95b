package numbers

import "strings"

// blankListMarkers blanks ordered-list markers ("3. ", "12) ") at line
// starts: a list item's ordinal counts nothing, and read as a value it made
// "3. 7 days after the due date" disagree with "up to three reminders".
// Blanking keeps every offset.
func blankListMarkers(s string) string {
	var b []byte
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		k := j
		for k < len(s) && k-j < 3 && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k > j && k+1 < len(s) && (s[k] == '.' || s[k] == ')') && (s[k+1] == ' ' || s[k+1] == '\t') {
			if b == nil {
				b = []byte(s)
			}
			for p := j; p <= k; p++ {
				b[p] = ' '
			}
		}
		nl := strings.IndexByte(s[i:], '\n')
		if nl < 0 {
			break
		}
		i += nl + 1
	}
	if b == nil {
		return s
	}
	return string(b)
}
