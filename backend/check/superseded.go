package check

import (
	"context"
	"fmt"
	"strings"
	"time"

	"continuity/backend/claims"
	"continuity/backend/corpus"
	"continuity/backend/history"
	"continuity/backend/retrieval"
	"continuity/backend/text"
)

// Checks that name the change. Most contradictions a content team ships
// are old facts: a draft repeats what a page said before it changed. After
// the engine has judged a draft against the current corpus, each claim is
// compared with what the pages used to say (the index's superseded
// sentences); a claim that states an old fact while the page now says
// something else is contradicted, and its explanation names the change:
// `Until 12 Mar 2026 "Refunds" said 14 days; since then it says 30 days
// (commit 1a2b3c4, "New refund policy").` Superseded sentences never make a
// claim supported, and the evidence is always the current passage.

// History is what naming a change needs of the index (*retrieval.Index).
type History interface {
	SearchSuperseded(ctx context.Context, query string, k int) ([]retrieval.SupersededHit, error)
	DocumentChunks(ctx context.Context, docID string) ([]retrieval.ChunkSpan, error)
	Document(ctx context.Context, id string) (corpus.Document, bool, error)
}

// BatchHistory is a History that searches for many claims at once, as
// *retrieval.Index does: what a search costs beyond its own query (the
// embedding call, the rows' reads) is then paid once a check, not once a
// claim.
type BatchHistory interface {
	History
	SearchSupersededAll(ctx context.Context, queries []string, k int) ([][]retrieval.SupersededHit, error)
}

var _ BatchHistory = (*retrieval.Index)(nil)

// PairJudge judges one claim against given passages, without retrieval
// (claims.OfflineEngine.Verify).
type PairJudge interface {
	Verify(c claims.Claim, passages []claims.Passage) claims.Result
}

// SupersededVersion is the old version of a page a claim states, kept with
// the claim in the stored report; nil on every other claim and in checks
// stored before it was kept.
type SupersededVersion struct {
	Text    string    `json:"text"`   // the sentence as it was published
	DocID   string    `json:"doc_id"` // the document that changed
	Title   string    `json:"title"`  // its title then
	Until   time.Time `json:"until"`  // when it stopped being published
	Commit  string    `json:"commit,omitempty"`
	Message string    `json:"message,omitempty"` // the commit's subject line
	// Current is what the page says in its place now (the claim's first
	// evidence quotes it inside its chunk).
	Current string `json:"current"`
}

// supersededCandidates is how many old sentences each claim is compared with.
const supersededCandidates = 5

// NameChanges compares every claim of rep with what the corpus used to
// say. A claim that states a superseded sentence, by the judge's verdict
// against that sentence or by its words and values (history.StatesOld),
// while the page's current version of that sentence says otherwise
// (saysOtherwise), becomes contradicted with the current passage as
// evidence and the change as its explanation; a claim already
// contradicted keeps its verdict and gains the change. A supported claim
// keeps its verdict when another page publishes it, and unless the
// current sentence contradicts it.
func NameChanges(ctx context.Context, rep *Report, h History, judge PairJudge) error {
	n := namer{h: h, judge: judge, docs: map[string]docChunks{}, facts: map[oldKey]*history.OldFact{}}
	cls, said := make([]claims.Claim, len(rep.Claims)), make([]string, len(rep.Claims))
	for i := range rep.Claims {
		cls[i], said[i] = checked(&rep.Claims[i])
	}
	var all [][]retrieval.SupersededHit
	if b, ok := h.(BatchHistory); ok && len(said) > 0 {
		var err error
		if all, err = b.SearchSupersededAll(ctx, said, supersededCandidates); err != nil {
			return fmt.Errorf("compare the claims with what the corpus used to say: %w", err)
		}
		if len(all) != len(said) {
			return fmt.Errorf("compare the claims with what the corpus used to say: %d searches for %d claims", len(all), len(said))
		}
	}
	for i := range rep.Claims {
		if err := ctx.Err(); err != nil {
			return err
		}
		c := &rep.Claims[i]
		var hits []retrieval.SupersededHit
		var err error
		if all != nil {
			hits = all[i]
		} else if hits, err = h.SearchSuperseded(ctx, said[i], supersededCandidates); err != nil {
			return fmt.Errorf("compare %q with what the corpus used to say: %w", c.Text, err)
		}
		m, ok, err := n.match(ctx, c, cls[i], said[i], hits)
		if err != nil {
			return fmt.Errorf("compare %q with what the corpus used to say: %w", c.Text, err)
		}
		if ok {
			m.apply(c)
		}
	}
	rep.Summary = summaryOf(rep.Claims)
	return nil
}

// namer matches claims with superseded sentences; docs caches the
// current chunks of the documents that changed, facts the old sentences
// read (most are found for several claims of a draft).
type namer struct {
	h     History
	judge PairJudge
	docs  map[string]docChunks
	facts map[oldKey]*history.OldFact
}

// oldKey is a superseded sentence with what replaced it: a test's rows
// may share an id.
type oldKey struct {
	id                  int64
	text, repl, current string
}

// fact is s read once for the claims it is compared with.
func (n namer) fact(s retrieval.Superseded) *history.OldFact {
	k := oldKey{s.ID, s.Text, s.Replacement, s.Current}
	f, ok := n.facts[k]
	if !ok {
		f = history.Prepare(s)
		n.facts[k] = f
	}
	return f
}

type docChunks struct {
	doc    corpus.Document
	ok     bool
	chunks []retrieval.ChunkSpan
}

// change is a superseded sentence a claim states, with the passage that
// says the same thing now.
type change struct {
	old        retrieval.Superseded
	current    Evidence
	said       string // the claim as checked
	confidence *float64
}

// checked is c as the judge reads it, and what it says: its resolved
// text when it has one.
func checked(c *Claim) (claims.Claim, string) {
	cl := claims.Claim{Paragraph: c.Paragraph, Text: text.Normalize(c.Text).Text, Start: c.Start, End: c.End, Resolved: c.Resolved}
	if cl.Resolved != "" {
		return cl, cl.Resolved
	}
	return cl, cl.Text
}

// match is the first of hits, the superseded sentences found for said,
// that c states and whose page says something else now.
func (n namer) match(ctx context.Context, c *Claim, cl claims.Claim, said string, hits []retrieval.SupersededHit) (change, bool, error) {
	for _, hit := range hits {
		s := hit.Superseded
		// A sentence deleted with nothing in its place names a change only
		// for a claim the page already contradicts with another figure
		// (deletedFact; goldenstale skips such sentences), and a sentence
		// rewritten whole, or only re-cased, is no changed fact.
		if nowText(s) == "" {
			if cur, ok := deletedFact(c, said, s); ok {
				s.Current = cur.Quote
				return change{old: s, current: cur, said: said}, true, nil
			}
			continue
		}
		if !sameFactChanged(s.Text, s.Current) {
			continue
		}
		supported := c.Verdict == string(claims.Supported)
		if supported && citesOtherThan(c, s.DocID) {
			continue // another page publishes what the claim says
		}
		// The claim repeats what the page said before the change: by its
		// words, or by the old figure in other words ("two weeks" for "14
		// days"), or an old table row by its cells; or, for a claim the page
		// already contradicts, by using the value the change replaced (when
		// the judge does not find the old sentence contradicts it too); or
		// the judge finds the old sentence states it. The tests that need
		// no page come first: most hits fail them, and the page costs reads.
		f := n.fact(s)
		byWords := f.StatesOld(said) || f.StatesOldValue(said) || rowStatesOld(said, s)
		fewWords := !byWords && sharedWords(said, s.Text) < minJudgedWords
		if fewWords && c.Verdict != string(claims.Contradicted) {
			continue // too few of the claim's words there for the judge to find it stated
		}
		cur, ok, err := n.currentPassage(ctx, s)
		if err != nil {
			return change{}, false, err
		}
		if !ok {
			continue // the page's current text is not indexed: nothing to cite
		}
		byValue := refutedIn(c, cur.DocID) && usesOldValue(said, s)
		if fewWords && !byValue {
			continue
		}
		// A table row says what its cells mean only under its header: the
		// old row is read under the header its table has now.
		header := tableHeader(cur.ChunkText, s.Current)
		old := n.judge.Verify(cl, []claims.Passage{{DocID: s.DocID, ChunkID: fmt.Sprintf("superseded:%d", s.ID), Title: s.Title, Text: withHeader(header, s.Text)}})
		byJudge := old.Verdict == claims.Supported
		if !byJudge && !byWords && !(byValue && old.Verdict != claims.Contradicted) {
			continue
		}
		if !n.saysOtherwise(cl, cur, header, supported) {
			continue
		}
		m := change{old: s, current: cur, said: said}
		if byJudge {
			m.confidence = measured(old.Confidence)
		}
		return m, true, nil
	}
	return change{}, false, nil
}

// saysOtherwise says the page's current version does not state the claim:
// the judge finds it neither in the sentence that replaced the old one
// (a table row under its header) nor in that sentence's chunk. A claim the engine found supported needs more:
// the current sentence contradicts it.
func (n namer) saysOtherwise(cl claims.Claim, cur Evidence, header string, supported bool) bool {
	sent := n.judge.Verify(cl, []claims.Passage{{DocID: cur.DocID, ChunkID: cur.ChunkID, Title: cur.Title, URL: cur.URL, Text: withHeader(header, cur.Quote)}})
	if supported {
		return sent.Verdict == claims.Contradicted
	}
	if sent.Verdict == claims.Supported {
		return false
	}
	chunk := n.judge.Verify(cl, []claims.Passage{{DocID: cur.DocID, ChunkID: cur.ChunkID, Title: cur.Title, URL: cur.URL, Text: cur.ChunkText}})
	return chunk.Verdict != claims.Supported
}

// refutedIn: c is contradicted by a passage of docID. Not necessarily by
// the sentence that replaced the old one: the engine may cite another
// sentence of the page for the same change (the class legend "Required -
// Core classes…" for the row whose "Recommended" became "Required").
func refutedIn(c *Claim, docID string) bool {
	if c.Verdict != string(claims.Contradicted) {
		return false
	}
	for _, e := range c.Evidence {
		if e.DocID == docID {
			return true
		}
	}
	return false
}

// citesOtherThan says c cites a document other than docID.
func citesOtherThan(c *Claim, docID string) bool {
	for _, e := range c.Evidence {
		if e.DocID != docID {
			return true
		}
	}
	return false
}

// currentPassage is the indexed chunk of s's document that holds what
// the page says in s's place now.
func (n namer) currentPassage(ctx context.Context, s retrieval.Superseded) (Evidence, bool, error) {
	d, seen := n.docs[s.DocID]
	if !seen {
		doc, ok, err := n.h.Document(ctx, s.DocID)
		if err != nil {
			return Evidence{}, false, err
		}
		d = docChunks{doc: doc, ok: ok}
		if ok {
			if d.chunks, err = n.h.DocumentChunks(ctx, s.DocID); err != nil {
				return Evidence{}, false, err
			}
		}
		n.docs[s.DocID] = d
	}
	if !d.ok {
		return Evidence{}, false, nil
	}
	for _, ch := range d.chunks {
		if strings.Contains(ch.Text, s.Current) {
			return Evidence{DocID: d.doc.ID, ChunkID: ch.ID, Title: d.doc.Title, Quote: s.Current, URL: d.doc.URL, ChunkText: ch.Text}, true, nil
		}
	}
	return Evidence{}, false, nil
}

// apply makes c contradicted by the change, or names the change on a
// claim the engine already contradicted. c.Text stays the writer's span.
func (m change) apply(c *Claim) {
	s := m.old
	c.Superseded = &SupersededVersion{Text: s.Text, DocID: s.DocID, Title: s.Title, Until: s.Until, Commit: s.Commit, Message: s.Message, Current: s.Current}
	c.Explanation = ChangeExplanation(m.said, s)
	if c.Verdict == string(claims.Contradicted) {
		ev := []Evidence{m.current}
		for _, e := range c.Evidence {
			same := e.ChunkID == m.current.ChunkID && (strings.Contains(m.current.Quote, e.Quote) || strings.Contains(e.Quote, m.current.Quote))
			if !same {
				ev = append(ev, e)
			}
		}
		c.Evidence = ev
		return
	}
	c.Verdict = string(claims.Contradicted)
	c.Evidence = []Evidence{m.current}
	c.Confidence = m.confidence
	c.Closest, c.Differs = nil, "" // only a not-covered claim shows a closest passage
}
