package sources

import (
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// dateKeys are the front matter keys read as the last-modified date, the
// most specific first; "published" is what the corpus loader itself reads.
var dateKeys = []string{"updated", "modified", "last_modified", "lastmod", "date"}

var dateLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02 15:04", "2006-01-02"}

// modified picks a document's last-modified time: a date in its front
// matter, else the file's modification time (nanoseconds since the epoch).
func modified(frontMatter []byte, published string, mtime int64) (time.Time, string) {
	var fm map[string]yaml.Node
	if len(frontMatter) > 0 && yaml.Unmarshal(frontMatter, &fm) == nil {
		for _, k := range dateKeys {
			if n, ok := fm[k]; ok && n.Kind == yaml.ScalarNode {
				if t, ok := parseDate(n.Value); ok {
					return t, ModifiedFrontMatter + ":" + k
				}
			}
		}
	}
	if t, ok := parseDate(published); ok {
		return t, ModifiedFrontMatter + ":published"
	}
	return time.Unix(0, mtime).UTC(), ModifiedFileTime
}

func parseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}
