package claims

import "continuity/backend/claims/numbers"

// slotKey groups quantities that can fill the same slot: only a quantity
// of the same kind (and, for a count, the same name) can match or
// conflict with another, so relate reads only the claim's own slot.
type slotKey struct {
	kind numbers.Kind
	name string
}

func slotOf(q numbers.Quantity) slotKey {
	if q.Kind == numbers.Count {
		return slotKey{q.Kind, q.Name}
	}
	return slotKey{kind: q.Kind}
}

// slotQty is one quantity with what relate derives from it, computed
// once per check rather than once per claim and unit.
type slotQty struct {
	i        int // index in the analysis's qty, qtext and qctx
	rated    numbers.Quantity
	unitStem string
	// stated is shared by one claim's quantities (nil for a unit's):
	// which of them state a unit figure, asked once per figure rather
	// than once per claim quantity and unit (a price list of a hundred
	// figures made that cubic).
	stated valueMemo
}

// valueKey is what claimHasValue compares of a figure: its slot and value.
type valueKey struct {
	kind  numbers.Kind
	name  string
	value float64
}

// valueMemo maps a figure to the first two claim quantities that state
// it (-1: none).
type valueMemo map[valueKey][2]int

// has is claimHasValue(ca, i, q), remembered per figure.
func (m valueMemo) has(ca analysis, i int, q numbers.Quantity) bool {
	if m == nil {
		return claimHasValue(ca, i, q)
	}
	k := valueKey{q.Kind, slotOf(q).name, q.Value}
	js, ok := m[k]
	if !ok {
		js = [2]int{-1, -1}
		n := 0
		for j, cq := range ca.qty {
			if slotOf(cq) == slotOf(q) && numbers.Same(cq, q) {
				js[n] = j
				if n++; n == 2 {
					break
				}
			}
		}
		m[k] = js
	}
	return js[0] >= 0 && js[0] != i || js[1] >= 0 && js[1] != i
}

var ordinalSuffix = setOf(`st nd rd th`)

func newSlotQty(a analysis, i int) slotQty {
	q := a.qty[i]
	sq := slotQty{i: i, rated: withRate(q, a.qctx[i])}
	if q.Kind == numbers.Count && q.Unit != "" {
		sq.unitStem = stem(q.Unit)
		if ordinalSuffix[q.Unit] {
			sq.unitStem = "ordinal" // "33rd" and "35th" fill one slot
		}
	}
	return sq
}

// slots indexes a unit's quantities by slot, in their order.
func (u *unit) slots() map[slotKey][]slotQty {
	if u.bySlot == nil {
		u.bySlot = map[slotKey][]slotQty{}
		for i, q := range u.a.qty {
			k := slotOf(q)
			u.bySlot[k] = append(u.bySlot[k], newSlotQty(u.a, i))
		}
	}
	return u.bySlot
}

// slotCompatible reports whether two quantities fill the same slot; cs
// and us are their units stemmed (counts only).
func slotCompatible(c, u numbers.Quantity, cs, us string) bool {
	if c.Kind != u.Kind {
		return false
	}
	switch c.Kind {
	case numbers.Count:
		if c.Name != u.Name {
			return false
		}
		return c.Unit == "" || u.Unit == "" || cs == us
	case numbers.Duration:
		return c.Unit == u.Unit && c.Every == u.Every
	case numbers.Money:
		return c.Unit == u.Unit
	}
	return true
}

// sameCount: the same figure with the same name fills the same slot even
// when the word after it differs ("a 429 status" = "status 429 Too Many
// Requests") provided the words around it meet.
func sameCount(c numbers.Quantity, cctx map[string]bool, u numbers.Quantity, uctx map[string]bool) bool {
	return c.Kind == numbers.Count && u.Kind == numbers.Count && c.Name == u.Name && numbers.Same(c, u) && contextsMeet(cctx, uctx)
}

// qtyRelation compares one claim quantity with a unit: matched (the same
// value in the same slot), conflicting (the slot exists with other values
// only) or absent.
type qtyRelation int

const (
	qtyAbsent qtyRelation = iota
	qtyMatched
	qtyConflict
)

// relate compares the claim quantity c (index ci of the claim's
// analysis ca) with the unit's quantities of the same slot; it also
// returns the index of the unit's quantity in its analysis (-1 if none).
func relate(ca analysis, c slotQty, u *unit) (qtyRelation, string, int) {
	cq, cctx := ca.qty[c.i], ca.qctx[c.i]
	var other numbers.Quantity
	otherText, otherIdx := "", -1
	found := false
	for _, uq := range u.slots()[slotOf(cq)] {
		q, qctx, qtext := u.a.qty[uq.i], u.a.qctx[uq.i], u.a.qtext[uq.i]
		// "$29 per month" and "$278.40 per year" are different slots:
		// neither supports nor refutes the other.
		if !numbers.SameRate(c.rated, uq.rated) {
			continue
		}
		if sameCount(cq, cctx, q, qctx) || numbers.Within(cq, q) {
			return qtyMatched, qtext, uq.i
		}
		if !slotCompatible(cq, q, c.unitStem, uq.unitStem) {
			continue
		}
		if numbers.Same(cq, q) {
			return qtyMatched, qtext, uq.i
		}
		if (cq.Kind == numbers.Date || cq.Kind == numbers.Count) && !contextsMeet(cctx, qctx) {
			continue
		}
		// "more than 222 deaths" is stated by "224 deaths": an exact figure
		// beyond a comparison satisfies it (a limit, "up to 50", is changed
		// by another figure instead).
		if satisfies(cq, q) {
			return qtyMatched, qtext, uq.i
		}
		// A date conflicts most plainly with the date of the same
		// precision ("January 6, 2026" against "January 6, 2025"), not
		// with a bare year in a heading.
		// Of several figures, the one whose neighbours are the claim's
		// ("Business up to 50" for "Business lets you add up to 100", not
		// "Starter allows 1 user" before it in the same sentence).
		better := found && overlap(ca, u.a, cctx, qctx) > overlap(ca, u.a, cctx, u.a.qctx[otherIdx])
		if cq.Kind == numbers.Date && found {
			da, db := dateAffinity(cq, q), dateAffinity(cq, other)
			better = da > db || da == db && better
		}
		if !found || better {
			other, otherText, otherIdx, found = q, qtext, uq.i, true
		}
	}
	if !found {
		return qtyAbsent, "", -1
	}
	// "more than a million" is a lower bound that a smaller figure from an
	// earlier date does not refute: growth claims stay not covered.
	if cq.Bound == numbers.AtLeast && other.Value < cq.Value {
		return qtyAbsent, otherText, otherIdx
	}
	// The unit's figure is another of the claim's own ("3 days before and
	// 7 days after" against a list item "7 days after"): the unit speaks of
	// that one, not against this one.
	if c.stated.has(ca, c.i, other) {
		return qtyAbsent, otherText, otherIdx
	}
	return qtyConflict, otherText, otherIdx
}

// satisfies: c is a comparison that the exact figure q meets.
func satisfies(c, q numbers.Quantity) bool {
	if !c.Comparative || q.Bound != numbers.Exact || c.Kind != q.Kind {
		return false
	}
	switch c.Bound {
	case numbers.AtLeast:
		return q.Value > c.Value
	case numbers.AtMost:
		return q.Value < c.Value
	}
	return false
}

// overlap weighs how well a unit figure's neighbours place it in the
// claim's slot: each stem it shares with the claim figure's own, and
// twice each name of the unit that the claim uses (the plan a figure
// belongs to: "Business up to 50" for "Business lets you add up to 100").
func overlap(ca, ua analysis, cctx, qctx map[string]bool) int {
	n := 0
	for t := range qctx {
		switch {
		case ua.names[t] && ca.stems[t]:
			n += 2
		case cctx[t]:
			n++
		}
	}
	return n
}

// claimHasValue: a quantity of the claim other than the i-th, in q's slot,
// states q.
func claimHasValue(ca analysis, i int, q numbers.Quantity) bool {
	for j, cq := range ca.qty {
		if j != i && slotOf(cq) == slotOf(q) && numbers.Same(cq, q) {
			return true
		}
	}
	return false
}
