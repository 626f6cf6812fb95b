package main

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestLocate(t *testing.T) {
	tests := []struct {
		name, draft, claim string
		start, end         int
		how                string
		ok                 bool
	}{
		{"verbatim", "Intro. Badges are processed on Wednesdays. More.", "Badges are processed on Wednesdays.", 7, 42, "exact", true},
		{"hard-wrapped and curly quote", "A. TTS’s  office\nis big. B.", "TTS's office is big.", 3, 26, "folded", true},
		{"case differs", "x THE badge y", "the badge", 2, 11, "folded", true},
		{"absent", "Nothing here.", "Badges are processed.", 0, 0, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, e, how, ok := locate(tt.draft, tt.claim)
			if s != tt.start || e != tt.end || how != tt.how || ok != tt.ok {
				t.Errorf("got %d-%d %q %v (%q), want %d-%d %q %v", s, e, how, ok, tt.draft[s:e], tt.start, tt.end, tt.how, tt.ok)
			}
		})
	}
}

func TestSameSentence(t *testing.T) {
	tests := []struct {
		name, quote, gold string
		want              bool
	}{
		{"same words", "Gendered bathrooms are located around the corner 6140 wing.", "Gendered bathrooms are located around the corner 6140 wing.", true},
		{"raw markdown link and wrapping", "See the leave page for details on annual leave.", "See the [leave page](https://x.gov/leave/) for\n  details on annual leave.", true},
		{"quote is one of two gold sentences", "Badges are processed every Wednesday.", "GSA processes badges. Badges are processed every Wednesday.", true},
		{"different sentence", "Taxis need a receipt.", "Gendered bathrooms are located around the corner.", false},
		{"too short to tell", "Yes.", "Yes.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := sameSentence(tt.quote, tt.gold); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseEvidence(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want []docEvidence
	}{
		{"empty", `{}`, nil},
		{"file order kept", `{"9": [{"sentences": [1], "label": "CONTRADICT"}], "1": [{"sentences": [2], "label": "SUPPORT"}]}`,
			[]docEvidence{{Doc: "9", Label: C}, {Doc: "1", Label: S}}},
		{"rationale sets disagree", `{"5": [{"sentences": [1], "label": "SUPPORT"}, {"sentences": [3], "label": "CONTRADICT"}]}`,
			[]docEvidence{{Doc: "5", Label: S, Mixed: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseEvidence(json.RawMessage(tt.raw))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
