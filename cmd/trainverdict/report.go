package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"continuity/backend/claims"
)

var labels = []claims.Verdict{claims.Supported, claims.Contradicted, claims.NotCovered}

// confusion counts gold (row) against predicted (column) verdicts.
type confusion map[[2]claims.Verdict]int

func (m confusion) add(gold, got claims.Verdict) { m[[2]claims.Verdict{gold, got}]++ }

type score struct {
	gold, pred, tp int
	p, r           float64
}

func (m confusion) score(l claims.Verdict) score {
	var s score
	for k, n := range m {
		if k[0] == l {
			s.gold += n
		}
		if k[1] == l {
			s.pred += n
		}
		if k[0] == l && k[1] == l {
			s.tp += n
		}
	}
	if s.pred > 0 {
		s.p = float64(s.tp) / float64(s.pred)
	}
	if s.gold > 0 {
		s.r = float64(s.tp) / float64(s.gold)
	}
	return s
}

func (m confusion) accuracy() float64 {
	ok, n := 0, 0
	for k, c := range m {
		n += c
		if k[0] == k[1] {
			ok += c
		}
	}
	if n == 0 {
		return 0
	}
	return float64(ok) / float64(n)
}

func f1(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// write prints one table: per-label precision, recall and F1, accuracy
// and the confusion matrix.
func (m confusion) write(w io.Writer, title string) {
	fmt.Fprintf(w, "\n%s\n", title)
	fmt.Fprintf(w, "  %-13s %9s %6s %5s %5s %5s\n", "verdict", "precision", "recall", "F1", "gold", "pred")
	macro := 0.0
	for _, l := range labels {
		s := m.score(l)
		macro += f1(s.p, s.r) / 3
		fmt.Fprintf(w, "  %-13s %9.2f %6.2f %5.2f %5d %5d\n", l, s.p, s.r, f1(s.p, s.r), s.gold, s.pred)
	}
	fmt.Fprintf(w, "  accuracy %.2f, macro-F1 %.2f\n", m.accuracy(), macro)
	fmt.Fprintf(w, "  %-13s %10s %13s %12s\n", "gold \\ pred", "supported", "contradicted", "not_covered")
	for _, g := range labels {
		fmt.Fprintf(w, "  %-13s %10d %13d %12d\n", g, m[[2]claims.Verdict{g, claims.Supported}], m[[2]claims.Verdict{g, claims.Contradicted}], m[[2]claims.Verdict{g, claims.NotCovered}])
	}
}

// bySet groups predictions into one confusion per set and feature path.
func bySet(ps []prediction, threshold float64) map[string]confusion {
	out := map[string]confusion{}
	for _, p := range ps {
		k := p.ex.Set
		if p.plain {
			k += " (no sentence vectors)"
		}
		if out[k] == nil {
			out[k] = confusion{}
		}
		out[k].add(p.ex.Label, p.verdict(threshold))
	}
	return out
}

func writeAll(w io.Writer, prefix string, ms map[string]confusion) {
	keys := make([]string, 0, len(ms))
	for k := range ms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ms[k].write(w, prefix+" "+k)
	}
}

// kindRecall is contradicted recall by handbook kind.
func kindRecall(w io.Writer, ps []prediction, threshold float64) {
	found, gold := map[string]int{}, map[string]int{}
	for _, p := range ps {
		if p.plain || p.ex.Set != "handbook" || p.ex.Label != claims.Contradicted {
			continue
		}
		gold[p.ex.Kind]++
		if p.verdict(threshold) == claims.Contradicted {
			found[p.ex.Kind]++
		}
	}
	var parts []string
	for _, k := range []string{"number", "entity", "duration", "date", "negation", "other"} {
		parts = append(parts, fmt.Sprintf("%s %d/%d", k, found[k], gold[k]))
	}
	fmt.Fprintf(w, "  handbook contradicted recall by kind: %s\n", strings.Join(parts, ", "))
}

// misses lists wrong verdicts of one set, for -v.
func misses(w io.Writer, ps []prediction, set string, threshold float64) {
	for _, p := range ps {
		if p.plain || p.ex.Set != set {
			continue
		}
		if got := p.verdict(threshold); got != p.ex.Label {
			fmt.Fprintf(w, "  MISS %s gold %s got %s p=%.2f/%.2f/%.2f cue=%q: %s || best %q || conflict %q\n", p.ex.ID, p.ex.Label, got,
				p.p[0], p.p[1], p.p[2], p.ex.F.Cue, p.ex.F.Claim.Text, clip(p.ex.F.Best), clip(p.ex.F.ConflictQuote))
		}
	}
}

func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}
