package claims

// MaxEvidence caps the passages cited for one verdict.
const MaxEvidence = 3

// corroborating lists the deciding unit first, then every other unit that
// decides the same verdict on its own (same predicate), strongest first
// (all is sorted by coverage), one per document, up to MaxEvidence: the
// current help page is cited alongside a blog post saying the same thing.
func corroborating(first scored, all []scored, decides func(scored) bool) []*unit {
	out := []*unit{first.u}
	docs := map[string]bool{first.u.passage.DocID: true}
	for _, s := range all {
		if len(out) == MaxEvidence {
			break
		}
		if docs[s.u.passage.DocID] || !decides(s) {
			continue
		}
		docs[s.u.passage.DocID] = true
		out = append(out, s.u)
	}
	return out
}
