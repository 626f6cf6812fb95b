package claims

// A level can hold for some names and not others: "Required for 18F,
// Centers of Excellence, and cloud.gov; Recommended for Agreements and
// Finance". Read whole, such a unit states both levels and the level cue
// stays silent; read by scope, "Tock 101 is only a recommended class,
// even for new 18F staff" meets "Required for 18F".

// scopeWords is how far after "for" a level's names may run.
const scopeWords = 12

// scopedLevels maps each name stem a level is scoped to ("<level> for
// <names>") to that level's word, marked obligation or option.
func scopedLevels(u analysis) map[string]scopedLevel {
	out := map[string]scopedLevel{}
	for i := 0; i+1 < len(u.tokens); i++ {
		t := u.tokens[i]
		if !(obligation[t] || option[t]) || u.tokens[i+1] != "for" {
			continue
		}
		l := scopedLevel{word: t, obligation: obligation[t]}
		for j := i + 2; j < len(u.tokens) && j < i+2+scopeWords; j++ {
			w := u.tokens[j]
			if obligation[w] || option[w] {
				break
			}
			if st := stem(w); u.names[st] {
				out[st] = l
			}
		}
	}
	return out
}

type scopedLevel struct {
	word       string
	obligation bool
}

// scopedLevelChange: the claim states one level and names a name the
// unit scopes the other level to. It returns the claim's word and the
// unit's, with the name.
func scopedLevelChange(c, u analysis) (cw, uw, name string) {
	cObl, cOpt, _, _ := levels(c)
	if (cObl == "") == (cOpt == "") {
		return "", "", ""
	}
	scoped := scopedLevels(u)
	if len(scoped) == 0 {
		return "", "", ""
	}
	for _, t := range c.terms {
		l, ok := scoped[t]
		if !ok || !c.names[t] {
			continue
		}
		if cObl != "" && !l.obligation {
			return cObl, l.word, c.word(t)
		}
		if cOpt != "" && l.obligation {
			return cOpt, l.word, c.word(t)
		}
	}
	return "", "", ""
}
