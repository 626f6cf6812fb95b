package claims

// SubjectWords are the stems a text's subject is written with: its names
// and its first content stem that is not a name or a modifier (the same
// head the offline engine requires of a contradicting sentence). A
// contradicted verdict whose cited sentence shares none of a claim's
// subject words is about something else.
func SubjectWords(text string) []string {
	a := analyze(text, nil)
	res := DefaultResources()
	var out []string
	for _, t := range a.terms {
		if a.names[t] {
			out = append(out, t)
		}
	}
	for _, t := range a.terms {
		if !a.names[t] && !res.modifier(a, t) {
			return append(out, t)
		}
	}
	return out
}

// Stems are the content stems of text, as the offline engine reads it.
func Stems(text string) map[string]bool { return analyze(text, nil).stems }
