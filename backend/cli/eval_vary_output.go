package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"continuity/backend/eval"
	"continuity/backend/evalrun"
)

// maxListed caps the question IDs listed per win or loss line.
const maxListed = 10

// folderLine says what happened to one experiment index folder.
func folderLine(f *evalrun.IndexFolder) string {
	what := f.Status
	switch f.Status {
	case evalrun.IndexUpdated:
		what = fmt.Sprintf("updated (%d added, %d updated, %d removed)", f.Sync.Added, f.Sync.Updated, f.Sync.Removed)
	case evalrun.IndexReused:
		what = "reused (nothing re-embedded)"
	case evalrun.IndexWorkspace:
		what = "the workspace's own index"
	}
	return fmt.Sprintf("index %s (%s, %s): %s · %d documents, %d chunks · %s", f.Hash, f.Settings, f.Embedder, what, f.Documents, f.Chunks, f.Dir)
}

func writeExperiment(env *Env, x *evalrun.Experiment) error {
	fmt.Fprintf(env.Stdout, "experiment · golden set %q v%s · %d questions · %s engine · judge %s · %d configurations (limit %d)\n",
		x.GoldenSet, x.GoldenVersion, x.Questions, x.Engine, x.Judge, len(x.Columns), x.Limit)
	for _, f := range x.Indexes {
		fmt.Fprintln(env.Stdout, folderLine(f))
	}
	tw := tabwriter.NewWriter(env.Stdout, 2, 4, 2, ' ', 0)
	head := []string{"METRIC"}
	for _, c := range x.Columns {
		l := c.Label
		if c.Baseline {
			l += " (baseline)"
		}
		head = append(head, l)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, m := range eval.AllMetrics {
		row := []string{string(m)}
		for _, c := range x.Columns {
			row = append(row, cellText(c.Metrics[string(m)]))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	wins, losses, errs := []string{"wins vs baseline"}, []string{"losses vs baseline"}, []string{"errors"}
	for _, c := range x.Columns {
		w, l := "-", "-"
		if c.Versus != nil {
			w, l = fmt.Sprint(len(c.Versus.Wins)), fmt.Sprint(len(c.Versus.Losses))
		}
		wins, losses, errs = append(wins, w), append(losses, l), append(errs, fmt.Sprint(c.Errors))
	}
	for _, r := range [][]string{wins, losses, errs} {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(env.Stdout, "* best of the row; not measured: no question could be scored on it")
	for _, c := range x.Columns {
		if c.Versus == nil || len(c.Versus.Wins)+len(c.Versus.Losses) == 0 {
			continue
		}
		fmt.Fprintf(env.Stdout, "%s vs baseline: won %s; lost %s\n", c.Label, idList(c.Versus.Wins), idList(c.Versus.Losses))
	}
	fmt.Fprintln(env.Stdout, "experiment runs are kept in the index folders, not with the set's runs (no baseline, no trend)")
	return nil
}

func cellText(c evalrun.Cell) string {
	if c.Mean == nil {
		return "not measured"
	}
	s := fmt.Sprintf("%.3f", *c.Mean)
	if c.Best {
		s += " *"
	}
	return s
}

func idList(ids []string) string {
	switch {
	case len(ids) == 0:
		return "none"
	case len(ids) > maxListed:
		return fmt.Sprintf("%s and %d more", strings.Join(ids[:maxListed], ", "), len(ids)-maxListed)
	}
	return strings.Join(ids, ", ")
}
