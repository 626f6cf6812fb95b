package claims

import "strings"

// The forms of connecting prose: imperatives, greetings, remarks about the
// text, opinions and hedges (see worthy.go).

var (
	// imperativeVerbs open an instruction when they start a sentence.
	imperativeVerbs = refWords(`add apply ask avoid be become block book bookmark bring call change chat check choose click come
		confirm connect consider contact continue create do don't download drop email e-mail encourage enjoy enter expect
		fill find follow forget get give go grab have head help hold include install join just keep label lean learn leave let let's
		lock log look make mark mute note open pack pick plan please post press print put reach read record register relax
		remember remind request reserve rest review save say schedule search see select send set share sign sit skip start stay stop
		submit switch take talk tap tell think treat try turn unpack update upload use visit wait watch write`)
	// nounVerbs are imperative verbs that also open a noun phrase ("Plan
	// changes are free"): an instruction only when an object follows.
	nounVerbs = refWords(`block book call change check drop email e-mail help hold label lock log look mark note pack plan post
		press print record request rest review schedule search set share sign start stay stop switch turn update use visit
		wait watch`)
	// objectStarts follow a verb and open its object or complement.
	objectStarts = refWords(`the a an your my our their this that these those it them him her us me yourself yourselves
		everything anything something someone anyone up out in on off ahead aside down back away around over through early light
		kindly carefully now together here there to by for with`)
	// subordinators open a clause that may come before the main one:
	// "If you are unsure, ask".
	subordinators = refWords(`if when whenever whatever however whether once until before after for to while as unless since
		either in during on at with from by wherever whichever`)
)

// isImperative: the sentence, or its main clause after an opening
// subordinate one ("If you can, travel light") or adverb ("Then tell
// your team"), starts with a verb in its base form.
func isImperative(toks []refToken) bool {
	return imperativeAt(toks, 0) || imperativeAt(toks, mainClause(toks))
}

// leadAdverbs may open a sentence before its main clause.
var leadAdverbs = refWords(`then now so also first next finally afterwards otherwise still instead meanwhile`)

// mainClause is the index of the token the main clause starts at: after
// an opening subordinate clause and its comma, or an opening adverb; 0
// when the sentence opens with it.
func mainClause(toks []refToken) int {
	if len(toks) == 0 {
		return 0
	}
	if leadAdverbs[toks[0].lower] {
		return 1
	}
	if !subordinators[toks[0].lower] {
		return 0
	}
	for i, t := range toks {
		if t.punct && strings.Contains(t.raw[t.ce-t.start:], ",") {
			return i + 1
		}
	}
	return 0
}

func imperativeAt(toks []refToken, i int) bool {
	if i >= len(toks) {
		return false
	}
	w := toks[i].lower
	if !imperativeVerbs[w] {
		return false
	}
	if !nounVerbs[w] {
		return true
	}
	return i+1 == len(toks) || objectStarts[toks[i+1].lower]
}

var greetings = refWords(`thanks thank welcome congratulations congrats cheers hello hi hey enjoy happy`)

// isGreeting: thanks, a welcome, a greeting or a good wish.
func isGreeting(toks []refToken, lower string) bool {
	return len(toks) > 0 && greetings[toks[0].lower] || strings.Contains(lower, " good luck ") || strings.Contains(lower, " best wishes ")
}

// textNouns name the text itself: "This article walks through ...".
var textNouns = refWords(`article page post guide issue newsletter section document paragraph email note faq update blog
	overview list series piece story letter message`)

// aboutText: a remark about the text rather than its subject.
func aboutText(lower string) bool {
	for _, p := range []string{" here's ", " here is ", " here are ", " read on ", " below ", " we pulled together ", " we've put together ",
		" we put together ", " these are the questions "} {
		if strings.Contains(lower, p) {
			return true
		}
	}
	f := strings.Fields(lower)
	for i := 0; i+1 < len(f); i++ {
		if (f[i] == "this" || f[i] == "these") && textNouns[strings.TrimSuffix(f[i+1], "s")] {
			return true
		}
	}
	return false
}

var opinionWords = refWords(`think believe feel love hope care proud excited happy thrilled glad delighted seriously
	wish guess recommend suggest looking found`)

// isOpinion: the writer speaking of themselves ("I tell new folks ...",
// "We think our pricing is best-in-class", "If that sounds like you, we'd
// love to hear from you").
func isOpinion(toks []refToken, lower string) bool {
	if len(toks) == 0 {
		return false
	}
	at := mainClause(toks)
	if at >= len(toks) {
		return false
	}
	first := toks[at].lower
	if isPronounI(first) || first == "me" {
		return true
	}
	if first != "we" && !strings.HasPrefix(first, "we'") && first != "our" {
		return false
	}
	for _, t := range toks[at+1:] {
		if opinionWords[t.lower] {
			return true
		}
	}
	return false
}

var (
	// vagueWords hedge, evaluate or generalise: what they say cannot be
	// checked against a published page.
	vagueWords = refWords(`good great best better nice exciting interesting thoughtful grateful convenient useful helpful
		wonderful amazing awesome fantastic fun happy glad proud easy easier easiest hard harder difficult tough important
		worth welcome lovely perfect ideal quick sometimes often usually typically simply really probably maybe perhaps quite
		everyone everybody anyone anybody nobody someone somebody something anything everything seem seems seemed
		should shouldn't ought`)
	vaguePhrases = []string{" a little ", " a bit ", " a lot ", " a while ", " a long time ", " a few ", " feel like ", " feels like ",
		" felt like ", " look like ", " looks like ", " no one ", " kind of ", " sort of ", " now and then ", " from time to time ",
		" much easier ", " much more ", " most people ", " many people ", " some people ", " will be here ", " will be there ",
		" is there when ", " is here when ", " are there when ", " are here when "}
)

// isVague: hedged, evaluative or generic.
func isVague(toks []refToken, lower string) bool {
	for _, t := range toks {
		if vagueWords[t.lower] {
			return true
		}
	}
	for _, p := range vaguePhrases {
		if strings.Contains(lower, p) {
			return true
		}
	}
	return false
}
