package claims

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"continuity/backend/llm"
)

const decomposeSystem = `You split a paragraph of a draft into atomic, self-contained factual claims.
Resolve pronouns ("it", "they", "this plan") from the paragraph. Skip questions, headings, opinions and calls to action.
For each claim give "text" (the self-contained claim) and "source" (the draft sentence it came from, copied verbatim).
Example paragraph: "The Team plan costs $29 a month. It includes 20 GB of storage."
Example reply: {"claims":[{"text":"The Team plan costs $29 a month.","source":"The Team plan costs $29 a month."},{"text":"The Team plan includes 20 GB of storage.","source":"It includes 20 GB of storage."}]}`

const verifySystem = `You check claims against published passages. For each claim answer "supported" when a passage states it,
"contradicted" when a passage states something incompatible (a different number, date, duration, name, or the negation),
"not_covered" otherwise. Evidence: the chunk_id of a passage sent (given inside its data block) and a quote copied verbatim from its text. One sentence of explanation naming the slot that differs.
Before the passages, each claim may come with the published sentences most similar to it, taken from those passages: read them first, then decide from the passages; cite the passage a sentence belongs to.
Example: claim 0 "Refunds are available within 14 days." with passage help-refund#0 "You can request a full refund within 30 days of any payment."
Example reply: {"verdicts":[{"claim":0,"verdict":"contradicted","explanation":"The corpus says 30 days; the draft says 14 days.","evidence":[{"chunk_id":"help-refund#0","quote":"You can request a full refund within 30 days of any payment."}]}]}`

func decomposeRequest(paragraph string) llm.Request {
	return llm.Request{
		Role: llm.RoleJudge, Prompt: PromptDecompose, PromptVersion: PromptDecomposeVersion,
		Messages: []llm.Message{
			{Role: "system", Content: decomposeSystem + "\n" + llm.UntrustedInstruction},
			{Role: "user", Content: llm.Fence("draft paragraph", paragraph)},
		},
		Schema: &llm.Schema{Name: "claims_decompose", Schema: decomposeSchema()},
	}
}

// verifyRequest lists the claims in their self-contained form, then each
// claim's aligned sentences (aligned[i] for claim i; none without sentence
// vectors), then the passages.
func verifyRequest(claims []Claim, aligned [][]alignedSentence, notes [][]slotNote, passages []Passage) llm.Request {
	var b strings.Builder
	b.WriteString("Claims:\n")
	for i, c := range claims {
		fmt.Fprintf(&b, "%d: %s\n", i, llm.Fence("claim", c.SelfContained()))
	}
	if hasAligned(aligned) {
		b.WriteString("\nPublished sentences most similar to each claim:\n")
		for i, as := range aligned {
			if len(as) > 0 {
				fmt.Fprintf(&b, "claim %d:\n%s\n", i, llm.Fence("aligned sentences", alignedData(as)))
			}
		}
	}
	for i, ns := range notes {
		if len(ns) > 0 {
			fmt.Fprintf(&b, "\nFact slots a rule check found stated otherwise for claim %d (hints to verify against the passages, not verdicts):\n%s\n", i, llm.Fence("slot differences", slotData(ns)))
		}
	}
	b.WriteString("\nPassages:\n")
	for i, p := range passages {
		fmt.Fprintf(&b, "passage %d:\n%s\n", i, llm.Fence("passage", passageData(p)))
	}
	return llm.Request{
		Role: llm.RoleJudge, Prompt: PromptVerify, PromptVersion: PromptVerifyVersion,
		Messages: []llm.Message{
			{Role: "system", Content: verifySystem + "\n" + llm.UntrustedInstruction},
			{Role: "user", Content: b.String()},
		},
		Schema: &llm.Schema{Name: "claims_verify", Schema: verifySchema()},
	}
}

// passageData is everything the corpus says about a passage, all of it
// inside the fence: a published page's title or id is as untrusted as its
// text and must not be able to speak at prompt level. The id is written as
// a JSON string on one line so the model can copy it exactly.
func passageData(p Passage) string {
	id, _ := json.Marshal(llm.Sanitize(p.ChunkID))
	title := strings.Join(strings.Fields(llm.Sanitize(p.Title)), " ")
	return fmt.Sprintf("chunk_id: %s\ntitle: %s\ntext:\n%s", id, title, p.Text)
}

func hasAligned(aligned [][]alignedSentence) bool {
	for _, as := range aligned {
		if len(as) > 0 {
			return true
		}
	}
	return false
}

// alignedData is a claim's aligned sentences, fenced like passageData:
// each names its chunk as a one-line JSON string the model can cite, and
// the sentence on one line.
func alignedData(as []alignedSentence) string {
	var b strings.Builder
	for i, a := range as {
		id, _ := json.Marshal(llm.Sanitize(a.ChunkID))
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "chunk_id: %s\nsentence: %s", id, strings.Join(strings.Fields(a.Text), " "))
	}
	return b.String()
}

// The reply schemas list each object's properties in alphabetical order,
// the order "required" has always had, so the JSON the model sees stays
// byte for byte what it was (the schemas did not change the prompt
// versions).
func decomposeSchema() map[string]any {
	return llm.Object(llm.Prop("claims", llm.Array(llm.Object(
		llm.Prop("source", llm.String()),
		llm.Prop("text", llm.String()),
	))))
}

func verifySchema() map[string]any {
	return llm.Object(llm.Prop("verdicts", llm.Array(llm.Object(
		llm.Prop("claim", llm.Integer()),
		llm.Prop("evidence", llm.Array(llm.Object(llm.Prop("chunk_id", llm.String()), llm.Prop("quote", llm.String())))),
		llm.Prop("explanation", llm.String()),
		llm.Prop("verdict", llm.Enum(string(Supported), string(Contradicted), string(NotCovered))),
	))))
}

// findQuote locates quote in text ignoring whitespace runs and curly vs
// straight quote marks, and returns the verbatim text it matched.
func findQuote(text, quote string) (string, bool) {
	nt, idx := normalizeForQuote(text)
	nq, _ := normalizeForQuote(quote)
	nq = strings.TrimSpace(nq)
	if nq == "" {
		return "", false
	}
	i := strings.Index(nt, nq)
	if i < 0 {
		return "", false
	}
	start, end := idx[i], idx[i+len(nq)-1]
	// extend end to the full rune at that byte
	for end < len(text) && end+1 <= len(text) {
		end++
		if end == len(text) || (text[end]&0xC0) != 0x80 {
			break
		}
	}
	return text[start:end], true
}

// normalizeForQuote maps curly quotes to straight ones and whitespace runs
// to one space; idx[i] is the byte in s that produced byte i of the result.
func normalizeForQuote(s string) (string, []int) {
	var b strings.Builder
	var idx []int
	space := false
	for i, r := range s {
		switch r {
		case '‘', '’', '‛', '′':
			r = '\''
		case '“', '”', '„', '″':
			r = '"'
		}
		if unicode.IsSpace(r) {
			if space {
				continue
			}
			space = true
			r = ' '
		} else {
			space = false
		}
		n := b.Len()
		b.WriteRune(r)
		for k := n; k < b.Len(); k++ {
			idx = append(idx, i)
		}
	}
	return b.String(), idx
}
