package vale

import (
	"fmt"
	"sort"
)

// Warning is one part of a Vale configuration Continuity does not run.
type Warning struct {
	File    string
	Line    int // 1-based; 0 when the problem has no line
	Message string
}

func (w Warning) String() string { return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Message) }

// warnings collects warnings once each.
type warnings struct {
	list []Warning
	seen map[Warning]bool
}

func (ws *warnings) addf(file string, line int, format string, args ...any) {
	w := Warning{File: file, Line: line, Message: fmt.Sprintf(format, args...)}
	if ws.seen == nil {
		ws.seen = map[Warning]bool{}
	}
	if !ws.seen[w] {
		ws.seen[w] = true
		ws.list = append(ws.list, w)
	}
}

func (ws *warnings) sorted() []Warning {
	out := append([]Warning(nil), ws.list...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}
