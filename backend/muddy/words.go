package muddy

import "strings"

// Closed word classes. WordNet has no pronouns, determiners, conjunctions
// or prepositions, so these few lists stand in for them; open classes
// (adjectives, adverbs, English words against names) come from WordNet.
var (
	functionWords = setOf(`a an the this that these those our your their its my his her we you they it i he she
		of to for in on at by with from into onto over under about as than via per
		and or but nor so yet if then because while whereas although though unless
		is are was were be been being has have had do does did can could will would shall should may might must
		not no all each every both some any many most more such which who whom whose where when what how why`)
	// A tail starting with one of these is a clause, an example list or an
	// aside, not an attribute of the list.
	clauseStarts = setOf(`respectively too also etc etc. including included such like plus e.g. i.e. eg ie
		and or but nor so yet which who whom whose where when while whereas because as if unless though although
		then than not no with without for to in on at by from of into via per among between depending
		we you they it i he she there this that these those our your their its my his her the a an
		is are was were be has have had do does did can could will would should may might must
		provided given assuming based compared except even only just especially particularly mainly mostly
		usually often always never again still already however instead otherwise perhaps maybe now today please`)
	// Words a list item may hold besides nouns and names.
	itemWords       = setOf(`the a an of our your their its & +`)
	subjectPronouns = setOf(`it they this these that those`)
	// Words that follow a demonstrative used as a pronoun ("This is …",
	// "These let you …") rather than as a determiner ("This plan …").
	pronounVerbs = setOf(`is are was were 's ’s has have had can could will would should may might must does do did
		means mean lets let helps help makes make gives give allows allow includes include keeps keep works work
		applies apply happens happen covers cover requires require takes take ensures ensure shows show
		also only still now then usually always often never`)
	introWords = setOf(`if when whenever for after before because while although though unless since once as until
		where wherever whether to in on at by during from with without`)
	verbWords = setOf(`is are was were be been being has have had do does did can could will would shall should may might must`)
	modals    = setOf(`can could will would shall should may might must`)
)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// singular is the verb form for a singular subject, for rewrites: "are"
// becomes "is", "cost" becomes "costs"; modals and "-s" forms stay.
func singular(verb string) string {
	switch verb {
	case "are":
		return "is"
	case "were":
		return "was"
	case "have":
		return "has"
	case "do":
		return "does"
	}
	if modals[verb] || strings.HasSuffix(verb, "s") || strings.HasSuffix(verb, "ed") {
		return verb
	}
	for _, end := range []string{"sh", "ch", "x", "o", "z"} {
		if strings.HasSuffix(verb, end) {
			return verb + "es"
		}
	}
	return verb + "s"
}

// beFor is "is" or "are" for a list item used as a subject.
func beFor(item string) string {
	ts := tokensOf(item)
	if len(ts) == 0 {
		return "is"
	}
	last := ts[len(ts)-1].text
	if last == strings.ToLower(last) && strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") {
		return "are"
	}
	return "is"
}
