package voice

import (
	"errors"
	"math"
)

// Score weights: a required issue counts three recommended ones.
const (
	RequiredWeight    = 3.0
	RecommendedWeight = 1.0
	pointsPerUnit     = 10.0 // score lost per weighted issue per 100 words
)

// Band thresholds on the 0–100 score.
const (
	GreenFrom  = 90.0
	YellowFrom = 70.0
)

// ErrNoWords means the draft has no words, so no score can be computed.
var ErrNoWords = errors.New("voice score: the draft has no words")

// Score is how closely a draft follows the guidelines.
type Score struct {
	Value       float64 // 0..100, one decimal
	Band        string  // green | yellow | red
	Label       string  // the band in words: On voice, Needs work, Off voice
	Words       int
	Required    int
	Recommended int
	PerHundred  float64 // weighted issues per 100 words
}

// ScoreOf scores issues by density, not count, so a long draft is not
// punished for being long: 100 − 10 × weighted issues per 100 words,
// floored at 0. Green from 90, yellow from 70, red below.
func ScoreOf(text string, issues []Issue) (Score, error) {
	words := countWords(newDraft(text).Masked)
	if words == 0 {
		return Score{}, ErrNoWords
	}
	s := Score{Words: words}
	for _, is := range issues {
		if is.Level == Required {
			s.Required++
		} else {
			s.Recommended++
		}
	}
	weighted := RequiredWeight*float64(s.Required) + RecommendedWeight*float64(s.Recommended)
	s.PerHundred = math.Round(weighted/float64(words)*1000) / 10
	s.Value = math.Round(math.Max(0, 100-pointsPerUnit*weighted/float64(words)*100)*10) / 10
	switch {
	case s.Value >= GreenFrom:
		s.Band, s.Label = "green", "On voice"
	case s.Value >= YellowFrom:
		s.Band, s.Label = "yellow", "Needs work"
	default:
		s.Band, s.Label = "red", "Off voice"
	}
	return s, nil
}
