package numbers

import (
	"regexp"
	"strings"
)

// linkTarget matches what names a place rather than states a fact: a
// Markdown link's target, a URL, an e-mail address. Their digits
// ("sysparm_rank=1", "hspd12.security@gsa.gov", "/v2/") are no figures, and
// read as figures they made "passwords must be 16 characters" disagree
// with a ServiceNow link's "rank=1".
var linkTarget = regexp.MustCompile(`\]\([^)\s]*\)|(?i:https?|ftp)://[^\s<>()\[\]"']+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+`)

// blankLinks blanks link targets, URLs and e-mail addresses, keeping every
// offset; a link's text ("[version 2 notes](...)") stays.
func blankLinks(s string) string {
	if !strings.Contains(s, "](") && !strings.Contains(s, "://") && !strings.Contains(s, "@") {
		return s
	}
	locs := linkTarget.FindAllStringIndex(s, -1)
	if locs == nil {
		return s
	}
	b := []byte(s)
	for _, l := range locs {
		for p := l[0]; p < l[1]; p++ {
			b[p] = ' '
		}
	}
	return string(b)
}
