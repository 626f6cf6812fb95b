package corpus

import "strings"

// atxHeading reads line as a Markdown ATX heading: up to three spaces,
// one to six '#', at least one space or tab, the title, and any closing
// run of spaces, tabs and '#'. It is what the regexp
//
//	^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$
//
// matches (TestATXHeadingMatchesTheRegexp and its fuzz test hold it to
// that), read by hand because the regexp ran on every line of every page
// and its per-call state was a third of what a check allocated.
func atxHeading(line string) (level int, title string, ok bool) {
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	start := i
	for i < len(line) && line[i] == '#' {
		i++
	}
	level = i - start
	if level < 1 || level > 6 || i == len(line) || (line[i] != ' ' && line[i] != '\t') {
		return 0, "", false
	}
	rest := strings.TrimLeft(line[i:], " \t")
	if strings.IndexByte(rest, '\n') >= 0 {
		return 0, "", false // '.' stops at a newline; a line has none
	}
	return level, strings.TrimRight(rest, " \t#"), true
}
