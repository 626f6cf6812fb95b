package eval

import "strings"

// whHead is the noun a "which …" or "what <noun> …" question asks for
// ("Which *bank* …", "What *formats* …"), stemmed; "" for other questions.
// A passage that never names it does not answer the question, however
// close its topic.
func whHead(question string) string {
	w := rawWords(lastQuestion(question))
	for i, x := range w {
		if (x != "which" && x != "what") || i+1 >= len(w) {
			continue
		}
		next := w[i+1]
		if auxiliaries[next] || functionWord(next) || kindTerms[stem(next)] || next == "happens" || next == "if" || next == "s" {
			return ""
		}
		return stem(next)
	}
	return ""
}

// functionWord is a word that cannot head a noun phrase.
func functionWord(w string) bool {
	switch w {
	case "a", "an", "the", "of", "to", "in", "on", "you", "we", "i", "they", "it", "this", "that", "kind", "sort", "type":
		return true
	}
	return false
}

// lastQuestion is the last interrogative sentence of a question, or all of
// it: users often put context first.
func lastQuestion(question string) string {
	out := question
	for _, s := range sentences(question) {
		if strings.HasSuffix(strings.TrimSpace(s), "?") {
			out = s
		}
	}
	return out
}

// handoverVerbs are what a request asks the assistant itself to hand over
// or do ("Can you send me …", "Could you give me …").
var handoverVerbs = map[string]bool{"send": true, "give": true, "share": true, "forward": true, "email": true,
	"provide": true, "reset": true, "tell": false}

// actionRequest is a request for the assistant to hand something over
// ("Can you give me the admin password?"), not a question about what the
// documentation says: an extractive answer can only quote passages, so the
// right reply is the refusal.
func actionRequest(question string) bool {
	w := rawWords(lastQuestion(question))
	for i := 0; i+2 < len(w); i++ {
		if (w[i] == "can" || w[i] == "could" || w[i] == "would" || w[i] == "will") && w[i+1] == "you" && handoverVerbs[w[i+2]] {
			return true
		}
	}
	return false
}

// answerKindOf is the kind the answerer needs: questionKind, and an amount
// for "what … cost/price" questions, which the wh-phrase alone reads as
// open ("What will the plan cost?" asks for a price as much as "How much").
func answerKindOf(question string) answerKind {
	if k := questionKind(question); k != kindOpen || !priceQuestion(question) {
		return k
	}
	if w := rawWords(lastQuestion(question)); w[0] == "what" {
		return kindAmount
	}
	return kindOpen
}

var priceWords = map[string]bool{"cost": true, "costs": true, "price": true, "prices": true, "priced": true, "fee": true, "fees": true, "charge": true, "charges": true}

// priceQuestion asks what something costs: only a sentence stating a price
// answers it, not any sentence with a number ("version 2").
func priceQuestion(question string) bool {
	for _, x := range rawWords(lastQuestion(question)) {
		if priceWords[x] {
			return true
		}
	}
	return false
}

// statesPrice is a sentence with a currency amount, a percentage or a
// price word ("free", "no extra cost").
func statesPrice(s string) bool {
	if strings.ContainsAny(s, "$€£¥%") {
		return true
	}
	for _, x := range rawWords(s) {
		if priceWords[x] || x == "free" || x == "percent" {
			return true
		}
	}
	return false
}

// periods follow "next" in a phrase that points at the future.
var periods = map[string]bool{"year": true, "month": true, "week": true, "quarter": true, "release": true, "version": true, "season": true}

// futureScoped is a question about what is yet to come ("next year",
// "upcoming", "When is X coming?"). Published documentation states what is
// true now; a sentence stating the present does not answer it, however
// close its topic — the right reply is the refusal unless a sentence itself
// speaks of the future.
func futureScoped(question string) bool {
	w := rawWords(lastQuestion(question))
	for i, x := range w {
		switch {
		case x == "upcoming" || x == "future" || x == "roadmap" || x == "coming":
			return true
		case x == "next" && i+1 < len(w) && periods[w[i+1]]:
			return true
		}
	}
	return false
}

// speaksOfFuture is a sentence with a future reference: a "will"/"'ll"
// modal, "going to", a plan, a "next <period>" phrase, or a dated statement
// (a month, a year, "after that date"), which may be a deadline to come.
func speaksOfFuture(s string) bool {
	low := strings.ToLower(strings.ReplaceAll(s, "’", "'"))
	if strings.Contains(low, "'ll ") || strings.Contains(low, "won't") {
		return true
	}
	w := rawWords(low)
	for i, x := range w {
		switch {
		case x == "will" || x == "shall" || x == "upcoming" || x == "planned" || x == "roadmap" || x == "future" || x == "date" || x == "deadline":
			return true
		case datedWord(x):
			return true
		case x == "going" && i+1 < len(w) && w[i+1] == "to":
			return true
		case x == "next" && i+1 < len(w) && periods[w[i+1]]:
			return true
		}
	}
	return false
}

// datedWord is a weekday, a month or a year such as 2026.
func datedWord(x string) bool {
	if calendar[x] {
		return x != "before" && x != "after" && x != "every" && x != "daily" && x != "weekly" && x != "monthly"
	}
	return len(x) == 4 && (strings.HasPrefix(x, "19") || strings.HasPrefix(x, "20")) && strings.Trim(x, "0123456789") == ""
}
