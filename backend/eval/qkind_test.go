package eval

import "testing"

func TestQuestionKind(t *testing.T) {
	t.Parallel()
	cases := []struct {
		q    string
		want answerKind
	}{
		{"How much does the premium plan cost?", kindAmount},
		{"How long does shipping take?", kindDuration},
		{"How many users can a workspace have?", kindCount},
		{"When does the library open?", kindTime},
		{"What time does the store close on Sundays?", kindTime},
		{"Which browsers are supported?", kindName},
		{"Who approves a travel request?", kindName},
		{"Where do I change my password?", kindPlace},
		{"Is there a student discount?", kindYesNo},
		{"Can I pay by bank transfer?", kindYesNo},
		{"How do I reset my password?", kindOpen},
		{"What is a workspace?", kindOpen},
		{"I moved last month. How long is my old address kept?", kindDuration},
	}
	for _, c := range cases {
		if got := questionKind(c.q); got != c.want {
			t.Errorf("questionKind(%q) = %s, want %s", c.q, kindNames[got], kindNames[c.want])
		}
	}
}

func TestWhHeadAndActionRequest(t *testing.T) {
	t.Parallel()
	heads := map[string]string{
		"Which browsers are supported?":     stem("browsers"),
		"What formats can I upload?":        stem("formats"),
		"What is a workspace?":              "",
		"What happens if I miss a payment?": "",
		"How do I reset my password?":       "",
	}
	for q, want := range heads {
		if got := whHead(q); got != want {
			t.Errorf("whHead(%q) = %q, want %q", q, got, want)
		}
	}
	requests := map[string]bool{
		"Can you send me my colleague's payslip?": true,
		"Could you give me the root password?":    true,
		"Can you export data to CSV?":             false,
		"Can I share a report with a client?":     false,
	}
	for q, want := range requests {
		if got := actionRequest(q); got != want {
			t.Errorf("actionRequest(%q) = %v, want %v", q, got, want)
		}
	}
}

func TestTimeScopeAndPriceQuestions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, q       string
		future, price bool
		kind          answerKind
	}{
		{"next year price", "What will the premium plan cost next year?", true, true, kindAmount},
		{"what does it cost", "What does shipping cost?", false, true, kindAmount},
		{"how much with price word", "How much is the fee for a late return?", false, true, kindAmount},
		{"coming feature", "When is dark mode coming?", true, false, kindTime},
		{"upcoming release", "What's in the upcoming release?", true, false, kindOpen},
		{"next version", "Will the next version support Linux?", true, false, kindYesNo},
		{"present tense", "How do I reset my password?", false, false, kindOpen},
		{"next step is not a period", "What is the next step after signing up?", false, false, kindOpen},
		{"how soon is a duration, not the future", "How soon will my order arrive?", false, false, kindDuration},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := futureScoped(c.q); got != c.future {
				t.Errorf("futureScoped(%q) = %v, want %v", c.q, got, c.future)
			}
			if got := priceQuestion(c.q); got != c.price {
				t.Errorf("priceQuestion(%q) = %v, want %v", c.q, got, c.price)
			}
			if got := answerKindOf(c.q); got != c.kind {
				t.Errorf("answerKindOf(%q) = %s, want %s", c.q, kindNames[got], kindNames[c.kind])
			}
		})
	}
}

func TestSentenceScopeAndPrice(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, s       string
		future, price bool
	}{
		{"modal will", "Prices will rise by 5% in March.", true, true},
		{"contracted will", "We'll switch v1 off on December 31.", true, false},
		{"next period", "Next year brings new plans.", true, false},
		{"dated", "API v1 is switched off on December 31, 2026.", true, false},
		{"after that date", "After that date, every request returns 410 Gone.", true, false},
		{"per year is not a date", "Team costs $278.40 per year.", false, true},
		{"present price", "The plan costs $29 a month.", false, true},
		{"free", "Two-factor authentication is free on every plan.", false, true},
		{"a number is not a price", "Version 2 of the API adds webhooks.", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := speaksOfFuture(c.s); got != c.future {
				t.Errorf("speaksOfFuture(%q) = %v, want %v", c.s, got, c.future)
			}
			if got := statesPrice(c.s); got != c.price {
				t.Errorf("statesPrice(%q) = %v, want %v", c.s, got, c.price)
			}
		})
	}
}
