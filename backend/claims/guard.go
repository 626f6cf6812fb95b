package claims

// subjectUnseen reports whether the claim's subject is absent from every
// retrieved passage: two or more of its content words that no sentence
// uses, carrying at least share of its weight ("coffee mug"), or one
// unseen word carrying half of it. A single unseen word in a longer claim
// is usually a paraphrase ("guarantee" for "commitment"), not a subject.
func subjectUnseen(c analysis, v *corpusView, share float64) bool {
	return subjectUnseenBesides(c, v, share, nil)
}

// subjectUnseenBesides is subjectUnseen with the stems in besides counted
// as seen.
func subjectUnseenBesides(c analysis, v *corpusView, share float64, besides map[string]bool) bool {
	var tot, unseen float64
	n := 0
	for t := range c.stems {
		w := v.weight(t)
		tot += w
		if v.df[t] == 0 && !besides[t] {
			unseen += w
			n++
		}
	}
	if tot == 0 {
		return false
	}
	return (n >= 2 && unseen/tot >= share) || unseen/tot >= 0.5
}

// semSubject is the sentence-vector cosine (USE-lite) at which a unit
// says what the claim says in other words: the same subject, whatever
// the words.
const semSubject = 0.65

// alignedByMeaning: cd is one sentence whose vector is close to the
// claim's and whose words cover half of it by meaning. USE-lite puts
// sentences of one theme close whatever they state ("Two weeks turned
// out to be too short" beside "Month-end billing went from three days
// to a single morning"); two or three sentences together reach the same
// similarity by covering more topics.
func alignedByMeaning(cd *candidate) bool {
	return cd.hasV && cd.u.sents == 1 && cd.sem >= semSubject && cd.topic >= 0.2 && cd.al.soft >= 0.5
}

// swappedNames are the claim's names cd fills with other names, the rest
// of the claim aligned: the changed fact, not an unseen subject.
func swappedNames(cd *candidate, common func(string) bool) map[string]bool {
	cn, _, ok := substitution(cd.scored, common)
	if !ok || cd.al.softNonName < 0.4 || cd.nonName < 0.25 {
		return nil
	}
	out := make(map[string]bool, len(cn))
	for _, n := range cn {
		out[n] = true
	}
	return out
}

// oneNameSwapped: the unit names one thing where the claim names another
// ("filed in Ramp" for "filed in Expensify"), even when a universal
// elsewhere in it ("every new laptop") lets it speak of the claim's
// subject: it does not state the claim.
func oneNameSwapped(cd *candidate) bool {
	cn, un, ok := substitution(cd.scored, func(string) bool { return false })
	return ok && len(cn) == 1 && len(un) == 1
}
