package muddy

import "testing"

func TestAllOfIt(t *testing.T) {
	runFixtures(t, []fixture{
		{name: "the issue's sentence", doc: "Model Armor screening prompts and responses, all of it scale-to-zero on Cloud Run.",
			want: []Kind{AllOfIt}, rewrite: []string{"Model Armor screening prompts and responses.", "scale-to-zero on Cloud Run."}},
		{name: "all of this after two clauses", doc: "Invoices sync hourly and reports refresh nightly, all of this at no extra cost.",
			want: []Kind{AllOfIt}},
		{name: "all of it as an object is fine", doc: "Read the guide and keep all of it in mind."},
		{name: "one thing before it is fine", doc: "Your data stays yours, all of it."},
		{name: "all of them after a clean list is fine", doc: "We offer Basic, Pro and Enterprise, all of which include SSO."},
	})
}

func TestTrailingAttributeAfterList(t *testing.T) {
	runFixtures(t, []fixture{
		{name: "three names then an adjective", doc: "Tallyhub connects to Slack, Teams and Zoom, free for the first year.",
			want:    []Kind{TrailingAttributeAfterList},
			rewrite: []string{"Tallyhub connects to Slack, Teams and Zoom.", "Slack is free for the first year.", "Zoom is free for the first year."}},
		{name: "oxford comma then a participle", doc: "Reports cover invoices, payments, and refunds, billed per second.",
			want: []Kind{TrailingAttributeAfterList}, rewrite: []string{"Refunds are billed per second."}},
		{name: "two names then available", doc: "You can sign in with Google and Microsoft, available on every plan.",
			want: []Kind{TrailingAttributeAfterList}},
		{name: "prompts and responses are screened is fine", doc: "Prompts and responses are screened by Model Armor."},
		{name: "a list of nouns without a trailing attribute is fine", doc: "We support Slack, Teams and Zoom."},
		{name: "two common nouns are one idea", doc: "We screen prompts and responses, free of charge."},
		{name: "an example tail is fine", doc: "We support chat tools, such as Slack and Teams."},
		{name: "respectively resolves it", doc: "Basic, Pro and Enterprise cost $5, $10 and $20, respectively."},
		{name: "a clause after the comma is fine", doc: "We support Slack, Teams and Zoom, and we add more each month."},
		{name: "a conditional tail is fine", doc: "You can claim taxis, tips and tolls, provided that each is under $75."},
		{name: "an opening clause is fine", doc: "If you are staying in the same city, county, state, or ZIP code, make a note of that."},
		{name: "a lead-in to a list is fine", doc: "For FedEx and UPS, please use the address as usual:"},
		{name: "the issue's real case: a kept-for after two plans", doc: "An audit log of account activity on Business and Enterprise, kept for 12 months.",
			want: []Kind{TrailingAttributeAfterList}, rewrite: []string{"Enterprise is kept for 12 months."}},
		{name: "a verb phrase is no list", doc: "After that, they're permanently deleted and can't be restored, even by our support team."},
	})
}

func TestSharedPredicate(t *testing.T) {
	runFixtures(t, []fixture{
		{name: "two plans two prices", doc: "Basic and Pro cost $5 and $10 a month.",
			want: []Kind{SharedPredicate}, rewrite: []string{"Basic costs $5 a month.", "Pro costs $10 a month."}},
		{name: "people and offices", doc: "Alice, Bob and Carol lead the Chicago, Denver and Boston offices.",
			want: []Kind{SharedPredicate}, rewrite: []string{"Alice leads the Chicago offices.", "Carol leads the Boston offices."}},
		{name: "a shared head noun", doc: "The Basic and Pro plans are $5 and $10 a month.",
			want: []Kind{SharedPredicate}, rewrite: []string{"Basic is $5 a month."}},
		{name: "common-noun subjects are fine", doc: "Prompts and responses are screened in the EU and the US."},
		{name: "one value is fine", doc: "Basic and Pro cost $5 a month."},
		{name: "respectively is fine", doc: "Basic and Pro cost $5 and $10 a month, respectively."},
		{name: "each is fine", doc: "Basic and Pro each cost $5 and $10 a month."},
		{name: "a colon ends the subject", doc: "Reviewers and Approvers: send the CGE Form and TDY Certificate to the team."},
	})
}

func TestDistantPronoun(t *testing.T) {
	runFixtures(t, []fixture{
		{name: "it opens a paragraph", doc: "Tallyhub Go is our mobile app.\n\nIt runs on iPhones with iOS 16 or later.\n",
			want: []Kind{DistantPronoun}, rewrite: []string{"[name what “It” refers to] runs on iPhones"}},
		{name: "they after a list", doc: "Contact the service desk:\n\n- Email them at help@example.com\n\nThey are available 6am-9pm ET.\n",
			want: []Kind{DistantPronoun}},
		{name: "this is after a heading without a name", doc: "Tallyhub Go is our app.\n\n## What's next\n\nThis is version one of the app.\n",
			want: []Kind{DistantPronoun}},
		{name: "these after a table", doc: "Support hours:\n\n| Plan | Time |\n|---|---|\n| Pro | 4h |\n\nThese are first-response times.\n",
			want: []Kind{DistantPronoun}},
		{name: "a pronoun inside the paragraph is fine", doc: "Tallyhub Go is our app.\n\nTallyhub Go is free. It runs on iPhones.\n"},
		{name: "a heading that names it is fine", doc: "Intro paragraph.\n\n## Tallyhub Go\n\nIt runs on iPhones.\n"},
		{name: "this plus a noun is fine", doc: "Tallyhub Go is our app.\n\nThis app runs on iPhones.\n"},
		{name: "expletive it is fine", doc: "Tallyhub Go is our app.\n\nIt is easy to send an invoice from your phone.\n"},
		{name: "that said is fine", doc: "Tallyhub Go is our app.\n\nThat said, the web app does more.\n"},
		{name: "the first paragraph is fine", doc: "It runs on iPhones with iOS 16 or later.\n"},
	})
}
