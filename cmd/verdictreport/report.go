package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"continuity/backend/claims"
)

// setResult is everything one set reports.
type setResult struct {
	Name     string // the -sets name
	Split    string // data and split, e.g. "SciFact test (300 claims)"
	Engine   string
	Embedder string // embedder name and model hash, or "none (given evidence)"
	M        confusion
	Notes    []string // set-specific lines under the main table
	Tables   []table  // set-specific tables
	Details  []string // per-claim lines, printed with -v
	Cited    []citedVerdict
	scored   []scoredVerdict // every gold claim's verdict and confidence
	Took     time.Duration
}

// table is rendered as Markdown (-md) or as aligned text.
type table struct {
	Title string
	Head  []string
	Rows  [][]string
}

func (t table) write(w io.Writer, md bool) {
	if t.Title != "" {
		if md {
			fmt.Fprintf(w, "%s:\n\n", t.Title)
		} else {
			fmt.Fprintf(w, "%s\n", t.Title)
		}
	}
	if md {
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(t.Head, " | "), strings.Repeat("---|", len(t.Head)))
		for _, r := range t.Rows {
			fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
		}
		fmt.Fprintln(w)
		return
	}
	width := make([]int, len(t.Head))
	for _, r := range append([][]string{t.Head}, t.Rows...) {
		for i, c := range r {
			width[i] = max(width[i], len(c))
		}
	}
	line := func(r []string) {
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = fmt.Sprintf("%-*s", width[i], c)
		}
		fmt.Fprintf(w, "  %s\n", strings.TrimRight(strings.Join(cells, "  "), " "))
	}
	line(t.Head)
	for _, r := range t.Rows {
		line(r)
	}
	fmt.Fprintln(w)
}

// labelTable is the per-label precision / recall / F1 table.
func labelTable(m confusion) table {
	t := table{Head: []string{"verdict", "precision", "recall", "F1", "gold", "predicted", "correct"}}
	for _, l := range labels {
		s := m.score(l)
		t.Rows = append(t.Rows, []string{string(l), s.Precision.String(), s.Recall.String(), s.F1.String(),
			fmt.Sprint(s.Gold), fmt.Sprint(s.Pred), fmt.Sprint(s.TP)})
	}
	return t
}

// confusionTable shows where each gold label went, missing included.
func confusionTable(m confusion) table {
	t := table{Title: "Confusion (rows gold, columns predicted)", Head: []string{"gold \\ predicted"}}
	cols := append(append([]claims.Verdict{}, labels...), missing)
	for _, c := range cols {
		t.Head = append(t.Head, string(c))
	}
	for _, g := range labels {
		row := []string{string(g)}
		for _, c := range cols {
			row = append(row, fmt.Sprint(m[[2]claims.Verdict{g, c}]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

func (r setResult) write(w io.Writer, md, verbose bool) {
	if md {
		fmt.Fprintf(w, "### %s: %s\n\n", r.Name, r.Split)
		fmt.Fprintf(w, "Engine %s; embedder %s; %s.\n\n", r.Engine, r.Embedder, r.Took.Round(time.Second))
	} else {
		fmt.Fprintf(w, "== %s: %s\n  engine %s; embedder %s; took %s\n\n", r.Name, r.Split, r.Engine, r.Embedder, r.Took.Round(time.Second))
	}
	labelTable(r.M).write(w, md)
	fmt.Fprintf(w, "%smacro-F1 %s, accuracy %s over %d gold claims (%d missing: no claim produced there)\n",
		bullet(md), r.M.macroF1(), r.M.accuracy(), r.M.total(), r.M.missingCount())
	for _, n := range r.Notes {
		fmt.Fprintf(w, "%s%s\n", bullet(md), n)
	}
	fmt.Fprintln(w)
	confusionTable(r.M).write(w, md)
	for _, t := range r.Tables {
		t.write(w, md)
	}
	if verbose && len(r.Details) > 0 {
		// A fence keeps Markdown from reading the claims' own * and | .
		fmt.Fprintf(w, "%s details (%d):\n", r.Name, len(r.Details))
		if md {
			fmt.Fprintln(w, "\n```")
		}
		for _, d := range r.Details {
			fmt.Fprintf(w, "  %s\n", d)
		}
		if md {
			fmt.Fprintln(w, "```")
		}
		fmt.Fprintln(w)
	}
}

func bullet(md bool) string {
	if md {
		return "- "
	}
	return "  "
}

// summaryTable is one row per set.
func summaryTable(rs []setResult) table {
	t := table{Title: "Summary", Head: []string{"set", "n", "accuracy", "macro-F1", "supported P/R", "contradicted P/R", "not covered P/R", "missing", "time"}}
	pr := func(m confusion, l claims.Verdict) string {
		s := m.score(l)
		return s.Precision.String() + " / " + s.Recall.String()
	}
	for _, r := range rs {
		t.Rows = append(t.Rows, []string{r.Name, fmt.Sprint(r.M.total()), r.M.accuracy().String(), r.M.macroF1().String(),
			pr(r.M, claims.Supported), pr(r.M, claims.Contradicted), pr(r.M, claims.NotCovered),
			fmt.Sprint(r.M.missingCount()), r.Took.Round(time.Second).String()})
	}
	return t
}

// recallBy is the share of gold contradicted claims found, per group.
type recallBy struct {
	order []string
	hit   map[string]int
	tot   map[string]int
}

func newRecallBy(order ...string) *recallBy {
	return &recallBy{order: order, hit: map[string]int{}, tot: map[string]int{}}
}

func (r *recallBy) add(group string, found bool) {
	if _, ok := r.tot[group]; !ok && !slices.Contains(r.order, group) {
		r.order = append(r.order, group)
	}
	r.tot[group]++
	if found {
		r.hit[group]++
	}
}

func (r *recallBy) table(title, what string) table {
	t := table{Title: title, Head: []string{what, "found", "gold", "recall"}}
	for _, g := range r.order {
		t.Rows = append(t.Rows, []string{g, fmt.Sprint(r.hit[g]), fmt.Sprint(r.tot[g]), ratio(r.hit[g], r.tot[g]).String()})
	}
	return t
}
