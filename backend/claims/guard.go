package claims

// subjectUnseen reports whether the claim's subject is absent from every
// retrieved passage: two or more of its content words that no sentence
// uses, carrying at least share of its weight ("coffee mug"), or one
// unseen word carrying half of it. A single unseen word in a longer claim
// is usually a paraphrase ("guarantee" for "commitment"), not a subject.
func subjectUnseen(c analysis, v *corpusView, share float64) bool {
	var tot, unseen float64
	n := 0
	for t := range c.stems {
		w := v.weight(t)
		tot += w
		if v.df[t] == 0 {
			unseen += w
			n++
		}
	}
	if tot == 0 {
		return false
	}
	return (n >= 2 && unseen/tot >= share) || unseen/tot >= 0.5
}
