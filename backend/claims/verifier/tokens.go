package verifier

import (
	"strconv"
	"strings"
	"unicode"

	"continuity/backend/text"
)

// MaxTokens is the longest side the model reads; a longer text is cut.
const MaxTokens = 80

// Token is one word, number or currency/percent sign of a text.
type Token struct {
	Word  string  // lower case; a number in canonical digits ("1500", "2.5")
	Num   bool    // a figure or a number word
	Value float64 // its value when Num
	Cap   bool    // capitalised where a sentence does not start
	Neg   bool    // a negator
	Sym   bool    // $ % € £
	stem  string
}

// Flag bits of a token against the other side of its pair.
const (
	FlagExact       = 1 << iota // the same word is on the other side
	FlagStem                    // only its stem is
	FlagNum                     // a number
	FlagNumMismatch             // a number the other side, which has numbers, lacks
	FlagCap                     // a name-like capitalised word
	FlagNeg                     // a negator
	FlagOOV                     // not in the word table
	FlagSym                     // currency or percent sign
	FlagNegOther                // a negator with none on the other side
	NumFlags        = 9
)

var numberWords = map[string]float64{
	"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
	"eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
	"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
	"hundred": 100, "thousand": 1000, "million": 1e6, "billion": 1e9, "once": 1, "twice": 2,
	"single": 1, "double": 2, "dozen": 12, "half": 0.5,
}

var negatorWords = map[string]bool{
	"not": true, "no": true, "never": true, "none": true, "nothing": true, "nobody": true,
	"nowhere": true, "neither": true, "nor": true, "without": true, "cannot": true,
}

// negStems mends the stems "n't" leaves ("can't" is "ca" + "n't").
var negStems = map[string]string{"ca": "can", "wo": "will", "sha": "shall", "ai": "is"}

// Tokenize splits s into the model's tokens, at most MaxTokens.
func Tokenize(s string) []Token {
	var out []Token
	r := []rune(s)
	start := true // at a sentence start, a capital says nothing
	for i := 0; i < len(r) && len(out) < MaxTokens; {
		c := r[i]
		switch {
		case unicode.IsDigit(c):
			j := i
			for j < len(r) && (unicode.IsDigit(r[j]) || ((r[j] == ',' || r[j] == '.') && j+1 < len(r) && unicode.IsDigit(r[j+1]))) {
				j++
			}
			out = append(out, number(string(r[i:j])))
			i, start = j, false
		case unicode.IsLetter(c):
			j := i
			for j < len(r) && (unicode.IsLetter(r[j]) || unicode.IsDigit(r[j]) ||
				((r[j] == '-' || r[j] == '\'' || r[j] == '’') && j+1 < len(r) && unicode.IsLetter(r[j+1]))) {
				j++
			}
			out = appendWord(out, string(r[i:j]), start)
			i, start = j, false
		case c == '$' || c == '%' || c == '€' || c == '£':
			out = append(out, Token{Word: string(c), Sym: true})
			i++
		default:
			if c == '.' || c == '!' || c == '?' || c == ':' {
				start = true
			}
			i++
		}
	}
	if len(out) > MaxTokens {
		out = out[:MaxTokens]
	}
	for k := range out {
		out[k].stem = text.Stem(out[k].Word)
	}
	return out
}

func number(s string) Token {
	clean := strings.ReplaceAll(s, ",", "")
	v, err := strconv.ParseFloat(clean, 64)
	if err != nil {
		return Token{Word: clean, Num: true}
	}
	return Token{Word: strconv.FormatFloat(v, 'f', -1, 64), Num: true, Value: v}
}

func appendWord(out []Token, w string, start bool) []Token {
	w = strings.ReplaceAll(w, "’", "'")
	lower := strings.ToLower(w)
	if stem, ok := strings.CutSuffix(lower, "n't"); ok && stem != "" {
		if m, ok := negStems[stem]; ok {
			stem = m
		}
		return append(out, Token{Word: stem}, Token{Word: "not", Neg: true})
	}
	if base, _, ok := strings.Cut(lower, "'"); ok {
		lower = base // possessive or clitic: the word is what carries meaning
	}
	t := Token{Word: lower, Neg: negatorWords[lower]}
	if v, ok := numberWords[lower]; ok {
		t.Num, t.Value = true, v
	}
	upper := []rune(w)
	t.Cap = unicode.IsUpper(upper[0]) && (!start || isAcronym(w))
	return append(out, t)
}

func isAcronym(w string) bool {
	n := 0
	for _, c := range w {
		if unicode.IsUpper(c) {
			n++
		}
	}
	return n >= 2
}

// Flags are each token's flags against the other side; inTable says
// whether a word has a vector.
func Flags(side, other []Token, inTable func(string) bool) []uint16 {
	words := map[string]bool{}
	stems := map[string]bool{}
	nums := map[float64]bool{}
	otherNeg := false
	for _, t := range other {
		words[t.Word] = true
		stems[t.stem] = true
		if t.Num {
			nums[t.Value] = true
		}
		otherNeg = otherNeg || t.Neg
	}
	out := make([]uint16, len(side))
	for i, t := range side {
		var f uint16
		switch {
		case words[t.Word] || (t.Num && nums[t.Value]):
			f |= FlagExact
		case stems[t.stem]:
			f |= FlagStem
		}
		if t.Num {
			f |= FlagNum
			if len(nums) > 0 && !nums[t.Value] {
				f |= FlagNumMismatch
			}
		}
		if t.Cap {
			f |= FlagCap
		}
		if t.Neg {
			f |= FlagNeg
			if !otherNeg {
				f |= FlagNegOther
			}
		}
		if t.Sym {
			f |= FlagSym
		}
		if !t.Sym && !(t.Num && !inTable(t.Word)) && !inTable(t.Word) {
			f |= FlagOOV
		}
		out[i] = f
	}
	return out
}
