package voice

import (
	"fmt"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"
)

// readability flags sentences longer than MaxWords and paragraphs whose
// Flesch–Kincaid grade is above MaxGrade.
type readability struct {
	definition `yaml:",inline"`
	MaxWords   int     `yaml:"max_words"`           // per sentence; 0 = not checked
	MaxGrade   float64 `yaml:"max_grade"`           // per paragraph; 0 = not checked
	MinWords   int     `yaml:"min_paragraph_words"` // shorter paragraphs skip the grade check (default 30)
}

func (r *readability) compile(n *yaml.Node) []LineError {
	var errs []LineError
	if r.MaxWords <= 0 && r.MaxGrade <= 0 {
		errs = append(errs, LineError{n.Line, "readability needs max_words or max_grade above 0"})
	}
	if r.MaxWords < 0 {
		errs = append(errs, LineError{lineOf(n, "max_words"), "max_words must be ≥ 0"})
	}
	if r.MaxGrade < 0 || r.MaxGrade > 30 {
		errs = append(errs, LineError{lineOf(n, "max_grade"), "max_grade must be between 0 and 30"})
	}
	if r.MinWords == 0 {
		r.MinWords = 30
	}
	return errs
}

func (r *readability) check(d *draft) []Issue {
	ex := r.exceptionsIn(d.Text)
	var out []Issue
	if r.MaxWords > 0 {
		for _, s := range d.Sentences {
			n := countWords(d.Masked[s.Start:s.End])
			if n <= r.MaxWords || ex.covers(s.Start, s.End) {
				continue
			}
			out = append(out, r.issue(d, s.Start, s.End,
				fmt.Sprintf("This sentence has %d words; the guide's limit is %d.", n, r.MaxWords),
				"Split it into shorter sentences, one idea each.", false))
		}
	}
	if r.MaxGrade > 0 {
		for _, b := range d.Blocks {
			text := d.Masked[b.Start:b.End]
			words := wordRe.FindAllString(text, -1)
			if len(words) < r.MinWords || ex.covers(b.Start, b.End) {
				continue
			}
			sentences := d.sentencesIn(b)
			grade := fleschKincaid(words, sentences)
			if grade <= r.MaxGrade {
				continue
			}
			out = append(out, r.issue(d, b.Start, b.End,
				fmt.Sprintf("This paragraph reads at grade %.1f; the guide's limit is %.0f.", grade, r.MaxGrade),
				"Use shorter sentences and shorter, everyday words.", false))
		}
	}
	return out
}

// fleschKincaid is the Flesch–Kincaid grade level.
func fleschKincaid(words []string, sentences int) float64 {
	syl := 0
	for _, w := range words {
		syl += syllables(w)
	}
	nw := float64(len(words))
	return 0.39*nw/float64(max(sentences, 1)) + 11.8*float64(syl)/nw - 15.59
}

// syllables estimates syllables as vowel groups, less a silent final e.
func syllables(w string) int {
	w = strings.ToLower(w)
	n, prevVowel := 0, false
	for _, r := range w {
		v := strings.ContainsRune("aeiouy", r)
		if v && !prevVowel {
			n++
		}
		prevVowel = v
	}
	if strings.HasSuffix(w, "e") && !strings.HasSuffix(w, "le") && n > 1 {
		n--
	}
	if n == 0 && strings.IndexFunc(w, unicode.IsLetter) >= 0 {
		n = 1
	}
	return max(n, 1)
}
