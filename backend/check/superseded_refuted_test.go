package check

import (
	"testing"

	"continuity/backend/claims"
	"continuity/backend/retrieval"
)

// A claim the current sentence already contradicts names the change when it
// writes the value the change replaced; not when it only shares the page.
func TestUsesOldValue(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, said, old, now string
		want                 bool
	}{
		{"the old value in words", "Refunds take 14 days.", "Refunds are possible within 14 days.", "Refunds are possible within 30 days.", true},
		{"a value neither old nor new", "Visitors give the room number, 4400.", "TTS sits in room 3100.", "TTS sits in room 6400.", false},
		{"an insertion replaces nothing", "Submit the request before the trip.", "Check the budget prior to submitting the request.", "Check the budget prior to submitting the travel request.", false},
		{"a table row's replaced cell", "Tock 101 is only a recommended class.",
			"| Tock 101 | Overview of the Tock system | Self-guided | Recommended |",
			"| Tock 101 | An overview of Tock | Self-guided | Required for 18F <br/><br/> Recommended for Agreements | Tock 101 page |", true},
		{"a cell the new row keeps", "Tock 101 is self-guided.",
			"| Tock 101 | Overview | Self-guided | Recommended |", "| Tock 101 | An overview | Self-guided | Required |", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := usesOldValue(tc.said, retrieval.Superseded{Text: tc.old, Current: tc.now}); got != tc.want {
				t.Fatalf("usesOldValue = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRefutedIn(t *testing.T) {
	t.Parallel()
	cur := Evidence{DocID: "classes", Quote: "| Tock 101 | Self-guided | Required |"}
	cases := []struct {
		name string
		c    Claim
		want bool
	}{
		{"contradicted, citing the current row", Claim{Verdict: string(claims.Contradicted), Evidence: []Evidence{{DocID: "classes", Quote: cur.Quote}}}, true},
		{"contradicted by another sentence of the page", Claim{Verdict: string(claims.Contradicted), Evidence: []Evidence{{DocID: "classes", Quote: "- Required - Core classes"}}}, true},
		{"contradicted by another page", Claim{Verdict: string(claims.Contradicted), Evidence: []Evidence{{DocID: "faq", Quote: cur.Quote}}}, false},
		{"not covered", Claim{Verdict: string(claims.NotCovered), Evidence: []Evidence{{DocID: "classes", Quote: cur.Quote}}}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := refutedIn(&tc.c, cur.DocID); got != tc.want {
				t.Fatalf("refutedIn = %v, want %v", got, tc.want)
			}
		})
	}
}

// A claim states an old table row in its own words when it names the row
// and uses a cell the row lost, none it gained.
func TestRowStatesOld(t *testing.T) {
	t.Parallel()
	old := "| TTS Overview | An overview of GSA, FAS, and TTS, and some logistical info. | Video Conference | Required |"
	now := "| TTS 101 | An overview of GSA, FAS, and TTS, and some logistical info. | Self-guided | Required |"
	cases := []struct {
		name, said, old string
		want            bool
	}{
		{"names the row and its old format", "The required TTS overview class for new hires is taught live over video conference.", old, true},
		{"names the row and its new format", "The TTS Overview class is self-guided, not a video conference.", old, false},
		{"uses only cells the row kept", "The TTS Overview class is required.", old, false},
		{"does not name the row", "Every required class is taught over video conference.", old, false},
		{"no table row", "The TTS overview class is taught over video conference.", "The TTS Overview is taught over Video Conference.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := rowStatesOld(tc.said, retrieval.Superseded{Text: tc.old, Current: now}); got != tc.want {
				t.Fatalf("rowStatesOld = %v, want %v", got, tc.want)
			}
		})
	}
}
