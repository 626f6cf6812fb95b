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
