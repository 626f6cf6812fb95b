package golden_test

import (
	"testing"

	"continuity/backend/golden"
)

func TestFindStaleNamesEachReasonWithItsRow(t *testing.T) {
	lib := golden.NewLibrary([]golden.LibraryDoc{
		{ID: "help-refunds", Title: "Refund policy", Published: true, Text: "You can get a full refund within 30 days.\n\nWe reply in two days."},
		{ID: "docs-pricing-2024", Title: "Pricing 2024", Status: "archived", Text: "Team costs $25 a month."},
		{ID: "help-trial", Title: "Free trial", Published: true, Text: "Every account starts with a *14-day* free trial."},
	})
	row := func(id, line string, refs ...string) golden.Row {
		return golden.Row{ID: id, Question: "q", Category: golden.Routine, ApprovedAnswer: "a", ReferenceDocIDs: refs, SupportingLine: line}
	}
	cases := []struct {
		name    string
		row     golden.Row
		reasons []golden.StaleReason
		suggest string
	}{
		{name: "current row", row: row("Q1", "starts with a 14-day free trial", "help-trial")},
		{name: "supporting line deleted", row: row("Q2", "refunds are processed in one week", "help-refunds"), reasons: []golden.StaleReason{golden.StaleLineMissing}},
		{name: "archived reference", row: row("Q3", "Team costs $25 a month.", "docs-pricing-2024"), reasons: []golden.StaleReason{golden.StaleArchived}},
		{name: "gone reference", row: row("Q4", "nothing like this anywhere", "kb-991"), reasons: []golden.StaleReason{golden.StaleGone}},
		{name: "renamed by supporting line", row: row("Q5", "full refund within 30 days", "help-old-refunds"), reasons: []golden.StaleReason{golden.StaleRenamed}, suggest: "help-refunds"},
		{name: "renamed by title", row: row("Q6", "a line that moved away", "help-free-trial"), reasons: []golden.StaleReason{golden.StaleRenamed}, suggest: "help-trial"},
		{name: "one live reference holds the line", row: row("Q7", "We reply in two days.", "help-trial", "help-refunds")},
		{name: "refuse row without references", row: golden.Row{ID: "Q8", Question: "q", Category: golden.Refuse, ApprovedAnswer: "I can't say."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := golden.FindStale([]golden.Row{tc.row}, []int{7}, lib)
			if len(got) != len(tc.reasons) {
				t.Fatalf("issues = %+v, want reasons %v", got, tc.reasons)
			}
			for i, is := range got {
				if is.Reason != tc.reasons[i] || is.Row != 7 || is.RowID != tc.row.ID || is.Severity != golden.SevWarning || is.Message == "" {
					t.Fatalf("issue %d = %+v, want reason %s on row 7", i, is, tc.reasons[i])
				}
				if is.Suggest != tc.suggest {
					t.Fatalf("suggest = %q, want %q", is.Suggest, tc.suggest)
				}
			}
		})
	}
}

func TestFindStaleNumbersRowsByPositionWithoutRowNumbers(t *testing.T) {
	lib := golden.NewLibrary(nil)
	rows := []golden.Row{{ID: "A"}, {ID: "B", ReferenceDocIDs: []string{"gone-doc"}}}
	got := golden.FindStale(rows, nil, lib)
	if len(got) != 1 || got[0].Row != 2 || got[0].Reason != golden.StaleGone || got[0].Message != "no document gone-doc in this workspace" {
		t.Fatalf("issues = %+v", got)
	}
}

// A reference ID no document has is named as missing, with the closest
// document only when it shares a distinctive word (issue 29 item 12):
// "help" and "blog" are on most IDs and point nowhere.
func TestMissingReferenceNamesTheClosestDocument(t *testing.T) {
	lib := golden.NewLibrary([]golden.LibraryDoc{
		{ID: "help-refund-policy", Title: "Refund policy", Published: true},
		{ID: "help-invoice-reminders", Title: "Invoice reminders", Published: true},
		{ID: "help-data-retention", Title: "Data retention", Published: true},
		{ID: "blog-api-v2", Title: "API v2 is here", Published: true},
		{ID: "blog-faster-exports", Title: "Faster exports", Published: true},
	})
	cases := []struct{ name, ref, want string }{
		{"a distinctive word shared", "help-refunds-policy-2024", "no document help-refunds-policy-2024 in this workspace; closest: help-refund-policy"},
		{"only generic words shared", "blog-five-ways-to-get-paid", "no document blog-five-ways-to-get-paid in this workspace"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := golden.FindStale([]golden.Row{{ID: "Q1", ReferenceDocIDs: []string{tc.ref}}}, nil, lib)
			if len(got) != 1 || got[0].Reason != golden.StaleGone || got[0].Message != tc.want {
				t.Fatalf("issues = %+v, want one gone finding %q", got, tc.want)
			}
		})
	}
}
