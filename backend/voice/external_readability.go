package voice

// externalReadability reports the whole draft once when its
// Flesch–Kincaid grade is above Grade (Vale's readability, with the one
// metric Continuity computes).
type externalReadability struct {
	external
	grade float64
}

// NewReadability compiles a readability rule on the Flesch–Kincaid grade.
func NewReadability(s Spec, grade float64) ExternalRule {
	return ExternalRule{&externalReadability{external: newExternal(s), grade: grade}}
}

func (r *externalReadability) check(d *draft) []Issue {
	words := wordRe.FindAllString(d.Masked, -1)
	if len(words) == 0 {
		return nil
	}
	g := fleschKincaid(words, max(len(d.Sentences), 1))
	if g <= r.grade {
		return nil
	}
	is := r.alert(d, 0, 0, "Use shorter sentences and shorter, everyday words.", false)
	is.Guideline = formatMessage(r.Message, formatGrade(g))
	is.Explanation = is.Guideline
	return []Issue{is}
}
