package claims

import "math"

// FeatureVersion names the feature list: a verdict model trained on
// another list is refused rather than misread. Bump it whenever a
// feature is added, removed, reordered or computed differently.
const FeatureVersion = "f4"

// featureNames are the model's inputs, in order. "best" is the unit that
// aligns best with the claim; a conflict feature is the alignment score
// of the best aligned unit about the claim's subject on which that cue
// fires, 0 when none does.
var featureNames = []string{
	"sem_best",          // sentence similarity of the best unit (normalised cosine)
	"sem_max",           // best sentence similarity of any unit
	"sem_missing",       // no sentence vectors for this claim
	"soft_best",         // coverage of the claim's words: exact, stem, synonym, GloVe
	"exact_best",        // coverage by the same stems only
	"synonym_best",      // coverage by synonyms and neighbours only
	"cov_qty_best",      // exact coverage counting quantities
	"soft_nonname_best", // soft coverage of the words that are not names
	"names_missing",     // share of the claim's names the best unit lacks
	"unseen",            // share of the claim's weight no retrieved sentence uses
	"qty_claim",         // the claim states a quantity
	"qty_matched",       // share of the claim's quantities the best unit states the same
	"qty_conflict",      // cue: another value in the same slot
	"neg_conflict",      // cue: negation on one side only
	"antonym",           // cue: a WordNet antonym of a claim word
	"substitution",      // cue: another name in the same place
	"name_negated",      // cue: the claim's name in a negated clause
	"only_conflict",     // cue: the claim says only X, the unit lists more
	"level_change",      // cue: requirement level or quantifier changed
	"tense_change",      // cue: future against past
	"conflict_is_best",  // the conflicting unit is the best aligned one
	"best_score",        // alignment score of the best unit
	"second_doc_score",  // best score in another document (corroboration)
	"hist_best",         // the best unit is historical ("used to")
	"table_best",        // the best unit is a table cell or row
	"sents_best",        // sentences the best unit joins, over 3
	"claim_len",         // log of the claim's content words
	"extra_best",        // share of the best unit's words the claim lacks
	"conflict_score",    // alignment score of the conflicting unit
	"conflict_gap",      // how much better the best unit aligns than the conflicting one
	"conflict_sem",      // sentence similarity of the conflicting unit
	"conflict_cues",     // cues firing on the conflicting unit, over 3
	"support_score",     // best score of a unit on which no cue fires
	"support_qty",       // most claim quantities one unit states the same, as a share
}

// FeatureNames lists the features in the order of ClaimFeatures.X.
func FeatureNames() []string { return append([]string(nil), featureNames...) }

func b01(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// features computes the vector of as.
func features(as *assessment) []float64 {
	x := make([]float64, len(featureNames))
	set := func(name string, v float64) {
		for i, n := range featureNames {
			if n == name {
				x[i] = v
				return
			}
		}
		panic("claims: unknown feature " + name)
	}
	ca := as.ca
	set("unseen", as.unseen)
	set("qty_claim", b01(len(ca.qty) > 0))
	set("claim_len", math.Log1p(float64(len(ca.stems)))/3)
	set("sem_missing", 1)
	b := as.best
	if b == nil {
		return x
	}
	semMax := 0.0
	for _, cd := range as.cands {
		if cd.hasV {
			semMax = max(semMax, semNorm(cd.sem))
		}
	}
	if b.hasV {
		set("sem_missing", 0)
		set("sem_best", semNorm(b.sem))
		set("sem_max", semMax)
	}
	set("soft_best", b.al.soft)
	set("exact_best", b.al.exact)
	set("synonym_best", b.al.synonym)
	set("cov_qty_best", b.cov)
	set("soft_nonname_best", b.al.softNonName)
	if len(ca.names) > 0 {
		set("names_missing", float64(len(b.missing))/float64(len(ca.names)))
	}
	if len(ca.qty) > 0 {
		set("qty_matched", float64(b.nMatched)/float64(len(ca.qty)))
	}
	cue := map[string]string{cueQuantity: "qty_conflict", cueNegation: "neg_conflict", cueAntonym: "antonym",
		cueSubstitution: "substitution", cueNameNegated: "name_negated", cueOnly: "only_conflict", cueLevel: "level_change", cueTense: "tense_change"}
	seen := map[string]bool{}
	for _, cd := range as.cands {
		for _, k := range cd.cues {
			if !seen[k.kind] {
				seen[k.kind] = true
				set(cue[k.kind], max(cd.score, 0.01))
			}
		}
	}
	set("conflict_is_best", b01(as.conflict == b))
	set("best_score", b.score)
	for _, cd := range as.cands {
		if cd.u.passage.DocID != b.u.passage.DocID {
			set("second_doc_score", cd.score)
			break
		}
	}
	set("hist_best", b01(b.u.a.hist))
	set("table_best", b01(b.u.cell))
	set("sents_best", float64(b.u.sents)/3)
	extra := 0
	for t := range b.u.a.stems {
		if !ca.stems[t] {
			extra++
		}
	}
	if n := len(b.u.a.stems); n > 0 {
		set("extra_best", float64(extra)/float64(n))
	}
	if cd := as.conflict; cd != nil {
		set("conflict_score", cd.score)
		set("conflict_gap", b.score-cd.score)
		if cd.hasV {
			set("conflict_sem", semNorm(cd.sem))
		}
		set("conflict_cues", float64(len(cd.cues))/3)
	}
	for _, cd := range as.cands {
		if len(cd.cues) == 0 {
			set("support_score", cd.score)
			break
		}
	}
	if len(ca.qty) > 0 {
		most := 0
		for _, cd := range as.cands {
			most = max(most, cd.nMatched)
		}
		set("support_qty", float64(most)/float64(len(ca.qty)))
	}
	return x
}
