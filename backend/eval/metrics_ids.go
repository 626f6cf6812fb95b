package eval

import (
	"strings"
	"unicode"
)

// idContextRecall is RAGAS IDBasedContextRecall: the share of distinct
// reference IDs that were retrieved.
func idContextRecall(reference, retrieved []string) outcome {
	ref := idSet(reference)
	if len(ref) == 0 {
		return notMeasured("question has no reference document IDs")
	}
	got := idSet(retrieved)
	hit := 0
	for id := range ref {
		if got[id] {
			hit++
		}
	}
	return measured(float64(hit) / float64(len(ref)))
}

// idContextPrecision is RAGAS IDBasedContextPrecision: the share of distinct
// retrieved IDs that are reference IDs. It ignores rank on purpose.
func idContextPrecision(reference, retrieved []string) outcome {
	ref := idSet(reference)
	if len(ref) == 0 {
		return notMeasured("question has no reference document IDs")
	}
	got := idSet(retrieved)
	if len(got) == 0 {
		return notMeasured("nothing was retrieved")
	}
	hit := 0
	for id := range got {
		if ref[id] {
			hit++
		}
	}
	return measured(float64(hit) / float64(len(got)))
}

// rankedPrecision is RAGAS ContextPrecision's average precision:
// Σ_k precision@k·v_k / Σ_k v_k, 0 when no chunk is useful.
func rankedPrecision(useful []bool) outcome {
	if len(useful) == 0 {
		return notMeasured("nothing was retrieved")
	}
	hits, sum := 0, 0.0
	for k, u := range useful {
		if u {
			hits++
			sum += float64(hits) / float64(k+1)
		}
	}
	if hits == 0 {
		return measured(0)
	}
	return measured(sum / float64(hits))
}

// idRankedPrecision marks a chunk useful when its document is a reference.
func idRankedPrecision(reference []string, retrieved []Passage) outcome {
	ref := idSet(reference)
	if len(ref) == 0 {
		return notMeasured("question has no reference document IDs")
	}
	useful := make([]bool, len(retrieved))
	for i, p := range retrieved {
		useful[i] = ref[normID(p.DocID)]
	}
	return rankedPrecision(useful)
}

// supportingLineRecall is 1 when a retrieved chunk contains the supporting
// line after normalising whitespace, case and quote characters.
func supportingLineRecall(line string, retrieved []Passage) (outcome, string) {
	want := normText(line)
	if want == "" {
		return notMeasured("question has no supporting line"), ""
	}
	if len(retrieved) == 0 {
		return measured(0), ""
	}
	for _, p := range retrieved {
		if strings.Contains(normText(p.Text), want) {
			return measured(1), p.ChunkID
		}
	}
	return measured(0), ""
}

func idSet(ids []string) map[string]bool {
	s := make(map[string]bool, len(ids))
	for _, id := range ids {
		if n := normID(id); n != "" {
			s[n] = true
		}
	}
	return s
}

func normID(id string) string { return strings.TrimSpace(id) }

var quoteFold = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201a", "'", "\u201b", "'", "\u2032", "'", "`", "'",
	"\u201c", `"`, "\u201d", `"`, "\u201e", `"`, "\u201f", `"`, "\u2033", `"`, "\u00ab", `"`, "\u00bb", `"`,
	"\u2013", "-", "\u2014", "-", "\u00a0", " ",
)

// normText folds quotes, dashes, case and runs of whitespace so a line
// copied from a rendered page still matches the stored chunk.
func normText(s string) string {
	s = quoteFold.Replace(strings.ToLower(s))
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
