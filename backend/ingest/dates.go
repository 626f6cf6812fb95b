package ingest

import (
	"strings"
	"time"
)

var dayLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"}

func parseDay(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range dayLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}
