package main

import "testing"

func TestContainsEvidence(t *testing.T) {
	for _, tc := range []struct {
		name, chunk, evidence string
		want                  bool
	}{
		{"exact", "Intro. New GSA badges are processed on Wednesdays. More text.",
			"New GSA badges are processed on Wednesdays.", true},
		{"markdown-stripped", "Log your hours in Tock by 3:30 PM on Friday, every week.",
			"Log your hours in [Tock](https://tock.18f.gov/) by **3:30 PM** on Friday, every week.", true},
		{"hard-wrapped with newlines", "If you leave GSA, unused compensatory time is paid out at your current rate of pay and is not forfeited.",
			"If you leave GSA, unused compensatory time is\n  paid out at your current rate of pay and\n  is not forfeited.", true},
		{"table padding", "| Class | Required |\n| Intro to Agreements | Self-guided |",
			"| Intro to Agreements       | Self-guided   |", true},
		{"not contained", "Annual leave accrues at four hours per pay period for new employees.",
			"Sick leave can be used for medical appointments and family care without prior approval.", false},
		{"shared words out of order are not enough", "processed badges on GSA Mondays new are",
			"New GSA badges are processed on Wednesdays at the front desk of the building.", false},
		{"empty evidence", "anything", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := containsEvidence(tc.chunk, tc.evidence); got != tc.want {
				t.Errorf("containsEvidence = %v, want %v", got, tc.want)
			}
		})
	}
}
