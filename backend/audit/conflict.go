package audit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"sort"
	"strings"

	"continuity/backend/claims"
	"continuity/backend/claims/numbers"
	"continuity/backend/corpus"
	"continuity/backend/retrieval"
	"continuity/backend/text"
)

// docCache loads each document's text and chunks once while conflicts
// are built.
type docCache struct {
	ix     Index
	texts  map[string]corpus.Document
	chunks map[string][]retrieval.ChunkSpan
}

func (c *docCache) doc(ctx context.Context, id string) (corpus.Document, []retrieval.ChunkSpan, error) {
	if d, ok := c.texts[id]; ok {
		return d, c.chunks[id], nil
	}
	d, _, err := c.ix.Document(ctx, id)
	if err != nil {
		return d, nil, err
	}
	ch, err := c.ix.DocumentChunks(ctx, id)
	if err != nil {
		return d, nil, err
	}
	c.texts[id], c.chunks[id] = d, ch
	return d, ch, nil
}

// conflicts turns the findings of the audited documents into conflicts:
// the acceptance rule (doc.go), one conflict per pair of sentences, the
// newer page as A, and each conflict's reviewed status.
func (a *auditor) conflicts(ctx context.Context, byDoc map[string][]finding, minConf float64) ([]Conflict, error) {
	dc := &docCache{ix: a.Index, texts: map[string]corpus.Document{}, chunks: map[string][]retrieval.ChunkSpan{}}
	byKey := map[string]*Conflict{}
	for docID, fs := range byDoc {
		for _, f := range fs {
			if f.Evidence.DocID == docID || f.Confidence < minConf {
				continue
			}
			values := differingValues(f.Claim.Text, f.Evidence.Quote)
			if len(values) == 0 || !sameFact(f.Claim.Text, f.Evidence.Quote) {
				continue
			}
			c, err := a.conflictOf(ctx, dc, docID, f, values)
			if err != nil {
				return nil, err
			}
			if prev, ok := byKey[c.Key]; ok {
				mergeInto(prev, c)
				continue
			}
			byKey[c.Key] = &c
		}
	}
	st, err := a.Repo.statuses(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Conflict, 0, len(byKey))
	for _, c := range byKey {
		a.orient(c)
		c.Status = StatusOpen
		if s, ok := st[c.Key]; ok {
			c.Status, c.StatusNote = s.status, s.note
		}
		out = append(out, *c)
	}
	sortConflicts(out)
	return out, nil
}

// conflictOf builds the conflict of one finding of document docID.
func (a *auditor) conflictOf(ctx context.Context, dc *docCache, docID string, f finding, values []ValuePair) (Conflict, error) {
	da, chA, err := dc.doc(ctx, docID)
	if err != nil {
		return Conflict{}, err
	}
	db, _, err := dc.doc(ctx, f.Evidence.DocID)
	if err != nil {
		return Conflict{}, err
	}
	sa := Statement{DocID: docID, Title: da.Title, ChunkID: chunkOf(chA, f.Claim.Text), Quote: f.Claim.Text, Start: f.Claim.Start, End: f.Claim.End, Flags: f.Flags}
	sb := Statement{DocID: f.Evidence.DocID, Title: f.Evidence.Title, ChunkID: f.Evidence.ChunkID, Quote: f.Evidence.Quote, Start: -1, End: -1}
	if i := strings.Index(db.Text, f.Evidence.Quote); i >= 0 {
		sb.Start, sb.End = i, i+len(f.Evidence.Quote)
	}
	key := pairKey(docID, sentenceAt(da.Text, sa.Start, sa.End), sb.DocID, sentenceAt(db.Text, sb.Start, sb.End))
	if sb.Start < 0 {
		key = pairKey(docID, sentenceAt(da.Text, sa.Start, sa.End), sb.DocID, sb.Quote)
	}
	return Conflict{Key: key, A: sa, B: sb, Values: values, Confidence: f.Confidence}, nil
}

// mergeInto folds a duplicate (the same two sentences, either direction)
// into c: the more confident finding's quotes win, values are united.
func mergeInto(c *Conflict, dup Conflict) {
	if dup.A.DocID != c.A.DocID {
		dup.A, dup.B = dup.B, dup.A
		for i := range dup.Values {
			dup.Values[i].A, dup.Values[i].B = dup.Values[i].B, dup.Values[i].A
		}
	}
	// a side read from a cut sentence stays flagged whichever finding wins
	flagsA, flagsB := union(c.A.Flags, dup.A.Flags), union(c.B.Flags, dup.B.Flags)
	values := c.Values
	if dup.Confidence > c.Confidence {
		values = dup.Values
		c.A, c.B, c.Confidence = dup.A, dup.B, dup.Confidence
		dup.Values = c.Values
	}
	for _, v := range dup.Values {
		if !hasPair(values, v) {
			values = append(values, v)
		}
	}
	c.Values = values
	c.A.Flags, c.B.Flags = flagsA, flagsB
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func hasPair(vs []ValuePair, v ValuePair) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// orient dates both sides and puts the newer page first.
func (a *auditor) orient(c *Conflict) {
	ta, srcA := dateOf(a.ContentDir, a.docs[c.A.DocID])
	tb, srcB := dateOf(a.ContentDir, a.docs[c.B.DocID])
	if !ta.IsZero() {
		c.A.Date, c.A.DateSrc = ta.Format("2006-01-02"), srcA
	}
	if !tb.IsZero() {
		c.B.Date, c.B.DateSrc = tb.Format("2006-01-02"), srcB
	}
	switch {
	case ta.IsZero() || tb.IsZero() || ta.Equal(tb):
		c.Newer = ""
	case tb.After(ta):
		c.A, c.B = c.B, c.A
		for i := range c.Values {
			c.Values[i].A, c.Values[i].B = c.Values[i].B, c.Values[i].A
		}
		c.Newer = "a"
	default:
		c.Newer = "a"
	}
}

// pairKey hashes both sides in a fixed order, so A-vs-B and B-vs-A agree.
func pairKey(docA, sentA, docB, sentB string) string {
	x := docA + "\x00" + strings.Join(strings.Fields(sentA), " ")
	y := docB + "\x00" + strings.Join(strings.Fields(sentB), " ")
	if y < x {
		x, y = y, x
	}
	sum := sha256.Sum256([]byte(x + "\x01" + y))
	return hex.EncodeToString(sum[:12])
}

// sentenceAt is the sentence of s holding the span [start, end).
func sentenceAt(s string, start, end int) string {
	if start < 0 || end > len(s) || start > end {
		return ""
	}
	for _, sp := range text.SplitSentences(s) {
		if sp.Start <= start && start < sp.End {
			return sp.Text
		}
	}
	return s[start:end]
}

// chunkOf is the id of the first chunk quoting q, "" when none does.
func chunkOf(chunks []retrieval.ChunkSpan, q string) string {
	for _, c := range chunks {
		if strings.Contains(c.Text, q) {
			return c.ID
		}
	}
	return ""
}

// differingValues are the value slots in which claim and quote disagree:
// a quantity of one kind (and unit, for counts) in both whose values
// differ while none of the quote's values of that slot agrees. A negation
// on one side only is not a value slot: on the sample corpus the engine's
// negation conflicts were nearly all about different things.
func differingValues(claim, quote string) []ValuePair {
	qa, qb := numbers.Extract(claim), numbers.Extract(quote)
	var out []ValuePair
	for _, x := range qa {
		var same, cand []numbers.Quantity
		for _, y := range qb {
			if !comparable(x, y) {
				continue
			}
			cand = append(cand, y)
			if numbers.Same(x, y) {
				same = append(same, y)
			}
		}
		if len(cand) == 0 || len(same) > 0 {
			continue
		}
		v := ValuePair{A: span(claim, x), B: span(quote, nearest(x, cand))}
		if !hasPair(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// minShared is the share of the claim's content words the cited passage
// must use for the two to state the same fact with a different value.
const minShared = 0.5

// sameFact: the cited passage uses one of the claim's subject words and
// most of its other content words (numbers aside), so only the value
// differs; a passage that shares a number's kind but little else is about
// something else.
func sameFact(claim, quote string) bool {
	qs := claims.Stems(quote)
	subject := false
	for _, w := range claims.SubjectWords(claim) {
		subject = subject || qs[w]
	}
	if !subject {
		return false
	}
	n, shared := 0, 0
	for w := range claims.Stems(claim) {
		if strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
			continue // a bare number is the value, not the fact
		}
		n++
		if qs[w] {
			shared++
		}
	}
	return n > 0 && float64(shared) >= minShared*float64(n)
}

func comparable(x, y numbers.Quantity) bool {
	if x.Kind != y.Kind || x.Every != y.Every || x.Name != y.Name {
		return false
	}
	// a count says what it counts by its unit; a bare table cell ("| Team
	// | 600 |") does not, so it is compared with nothing
	if x.Kind == numbers.Count && (x.Unit == "" || x.Unit != y.Unit) {
		return false
	}
	return x.Per == "" || y.Per == "" || x.Per == y.Per
}

func nearest(x numbers.Quantity, ys []numbers.Quantity) numbers.Quantity {
	sort.SliceStable(ys, func(i, j int) bool { return abs(ys[i].Value-x.Value) < abs(ys[j].Value-x.Value) })
	return ys[0]
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func span(s string, q numbers.Quantity) string {
	if q.Start >= 0 && q.Start < q.End && q.End <= len(s) {
		return s[q.Start:q.End]
	}
	return q.String()
}
