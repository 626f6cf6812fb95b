package claims

// pairFeatureNames are the rule engine's signals about one claim-unit
// pair that the verifier reads beside the two texts: how much of the claim
// the unit covers, by word and by meaning; whether it is about the
// claim's subject; and which fact slots it fills the same or otherwise.
// The cues are measured on every shortlisted unit, not only those about
// the subject: the model weighs "about the subject" itself.
var pairFeatureNames = []string{
	"cov", "topic", "non_name", "exact", "soft", "synonym", "soft_non_name",
	"sem", "has_vec", "score", "subj", "names_ok", "names_in_unit",
	"qty_claim", "qty_matched", "qty_conflict", "qty_all_matched",
	"names_missing", "names_extra", "swapped", "negation", "antonym",
	"unit_sents", "cell", "cue_quantity", "cue_negation", "cue_antonym",
	"cue_substitution", "cue_name_negated", "cue_only", "cue_level", "cue_tense",
	"blocked", "unseen",
}

// PairFeatureNames is the order of Candidate.Features.
func PairFeatureNames() []string { return append([]string(nil), pairFeatureNames...) }

// pairFeatures measures cd against the claim of as; cx holds the claim's
// clauses and the corpus's common names.
func pairFeatures(as *assessment, cd *candidate, cx *cueContext) []float32 {
	nq := len(as.ca.qty)
	frac := func(n int) float64 {
		if nq == 0 {
			return 0
		}
		return float64(n) / float64(nq)
	}
	cn, un, swapped := substitution(cd.scored, cx.common)
	sem := 0.0
	if cd.hasV {
		sem = semNorm(cd.sem)
	}
	cues := map[string]bool{}
	for _, k := range cd.cues {
		cues[k.kind] = true
	}
	x := []float64{
		cd.cov, cd.topic, cd.nonName, cd.al.exact, cd.al.soft, cd.al.synonym, cd.al.softNonName,
		sem, b01(cd.hasV), cd.score, b01(cd.subj), b01(cd.namesOK), b01(cd.namesInUnit),
		b01(nq > 0), frac(cd.nMatched), frac(cd.nConflict), b01(nq > 0 && cd.qtyAllMatched),
		float64(min(len(cn), 3)) / 3, float64(min(len(un), 3)) / 3, b01(swapped),
		b01(clauseNegation(cx.clauses, cd.u) != ""), b01(cd.al.antonym != ""),
		float64(cd.u.sents) / 3, b01(cd.u.cell),
		b01(cues[cueQuantity]), b01(cues[cueNegation]), b01(cues[cueAntonym]),
		b01(cues[cueSubstitution]), b01(cues[cueNameNegated]), b01(cues[cueOnly]),
		b01(cues[cueLevel]), b01(cues[cueTense]),
		b01(as.blocked), as.unseen,
	}
	out := make([]float32, len(x))
	for i, v := range x {
		out[i] = float32(v)
	}
	return out
}
