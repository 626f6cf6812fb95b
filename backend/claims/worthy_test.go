package claims

import "testing"

func TestCheckWorthiness(t *testing.T) {
	t.Parallel()
	proper := map[string]bool{"enterprise": true}
	cases := []struct {
		name, text string
		want       bool
	}{
		// fact slots
		{"an amount", "GSA's maximum salary is $183,500", true},
		{"a room number in an instruction", "Visitors give the security desk the room number, 4400", true},
		{"a name mid-sentence", "TTS generally uses Google Meet for internal meetings", true},
		{"an acronym opening the sentence", "CART captioning doesn't cost program offices anything", true},
		{"a name the draft capitalises elsewhere", "Enterprise pricing is custom", true},
		{"an instruction naming a person", "To get your badge permissioned, ask Kathryn Connolly to submit the paperwork", true},
		{"an instruction with an address", "To check on the status of your badge, email accesscard@gsa.gov", true},
		{"a weekday", "New badges are processed on Wednesdays", true},
		// statements without a slot
		{"a rule with never", "Backups never leave the region you picked", true},
		{"a rule addressed to the reader", "You don't need a credit card to start the trial", true},
		{"a rule announced with please note", "Please note that only the account owner can terminate a subscription", true},
		{"a plain statement of a feature", "Push notifications tell you the moment a client pays", true},
		{"a spelled-out number in a statement", "Every federal employee earns four hours of sick leave each pay period", true},
		// connecting prose
		{"an imperative", "Bookmark this page and come back to it whenever something feels confusing", false},
		{"an imperative after a condition", "If you're unsure what counts, ask", false},
		{"an imperative after an adverb", "Then tell your team right away so access can be handled quickly", false},
		{"a noun-verb imperative", "Label your lunch so nobody has to guess whose it is", false},
		{"a count of one is no slot", "Take it one system at a time", false},
		{"thanks", "Thanks for taking the time to get them right", false},
		{"thanks naming someone", "Thank you to the thousands of plumbers who use Tallyhub Go every day", false},
		{"a remark about the text", "This article walks through the kinds of leave you are likely to use", false},
		{"here's, with a name", "Here's how our TallyHub support team works", false},
		{"an opinion", "We think our pricing is best-in-class", false},
		{"an opinion after a condition", "If that sounds like you, we'd love to hear from you", false},
		{"evaluative", "Your first work trip is exciting", false},
		{"a figure of speech", "The headquarters building can feel like a maze", false},
		{"generic", "A change of scenery now and then is good for everyone", false},
		{"vague amounts", "Still, a few minutes of care each week saves everyone a lot of follow-up later", false},
		{"advice", "Choosing a plan shouldn't take all afternoon", false},
		{"deixis", "The work will be here when you get back", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := assessWorth(c.text, proper); got.worthy() != c.want {
				t.Fatalf("worthy = %v (%+v), want %v", got.worthy(), got, c.want)
			}
		})
	}
}

func TestHeadingStatesFact(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, heading string
		want          bool
	}{
		{"a number", "## Full refunds within 45 days", true},
		{"a number, no hashes", "Full refunds within 45 days", true},
		{"a polarity word", "## No phone support on any plan", true},
		{"a name with a verb", "## Ramp replaces Expensify for expenses", true},
		{"a date", "# API v1 shuts down on December 31", true},
		{"bold number", "## Refunds within **45 days**", true},
		{"a topic", "## Refunds", false},
		{"a question", "## How much should be billable?", false},
		{"a question word", "## What onboarding looks like at TTS", false},
		{"a question word with a contraction", "## What's new this month", false},
		{"a gerund", "## Working more than 40 hours", false},
		{"a possessive", "# Your first two weeks at TTS: a survival guide", false},
		{"a preposition", "## After 30 days", false},
		{"names without a verb", "# TTS beyond the Beltway: Chicago and New York", false},
		{"a verb in the subtitle question", "# Traveling for TTS: what first-timers should know", false},
		{"thanks", "## Thank you all", false},
		{"too short", "## New York", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := HeadingStatesFact(c.heading); got != c.want {
				t.Fatalf("HeadingStatesFact(%q) = %v, want %v", c.heading, got, c.want)
			}
		})
	}
}
