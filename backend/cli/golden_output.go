package cli

import (
	"fmt"
	"strings"

	"continuity/backend/xlsx"
)

func noRows(res xlsx.Result) xlsx.Problem {
	p := xlsx.Problem{Sheet: res.Sheet, Message: "no question rows: the sheet holds only a header; nothing to import"}
	if res.HeaderRow > 0 {
		p.Row = res.HeaderRow + 1
		p.Message = fmt.Sprintf("no question rows below the header (row %d); nothing to import", res.HeaderRow)
	}
	return p
}

func printProblems(env *Env, res xlsx.Result, warnings []xlsx.Problem) {
	line := func(kind string, p xlsx.Problem) {
		loc := p.Sheet
		if p.Row > 0 {
			loc += fmt.Sprintf(" row %d", p.Row)
		}
		if p.Column != "" {
			loc += " column " + p.Column
		}
		if loc = strings.TrimSpace(loc); loc == "" {
			// a problem with the file as a whole: the message names it
			fmt.Fprintf(env.Stdout, "%s: %s\n", kind, p.Message)
			return
		}
		fmt.Fprintf(env.Stdout, "%s: %s: %s\n", kind, loc, p.Message)
	}
	for _, p := range res.Errors {
		line("error", p)
	}
	for _, p := range warnings {
		line("warning", p)
	}
}
