package claims

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"continuity/backend/text"
)

// claimAt is the claim whose text is the first occurrence of span in
// draft, as a decomposer gives it: verbatim, with its offsets.
func claimAt(t testing.TB, draft, span string) Claim {
	t.Helper()
	i := strings.Index(draft, span)
	if i < 0 {
		t.Fatalf("%q not in draft", span)
	}
	c := Claim{Text: span, Start: i, End: i + len(span), Paragraph: -1}
	for _, p := range SplitParagraphs(draft) {
		if i >= p.Start && i < p.Start+len(p.Text) {
			c.Paragraph = p.Index
		}
	}
	return c
}

// Drafts written for these tests in the style of a product blog post.
var resolveCases = []struct {
	name, draft, claim, want string
}{
	// what is resolved
	{"it after a name", "Tallyhub Go is our new mobile app. It runs on iPhones.", "It runs on iPhones.", "Tallyhub Go runs on iPhones."},
	{"it after a the-phrase", "The Team plan costs $29 a month. It includes 20 GB of storage.", "It includes 20 GB of storage.", "The Team plan includes 20 GB of storage."},
	{"they after a plural subject", "Refunds are processed within 5 days. They go back to the original card.", "They go back to the original card.", "Refunds go back to the original card."},
	{"these as a pronoun", "Refunds are processed in 5 days. These appear on your statement.", "These appear on your statement.", "Refunds appear on your statement."},
	{"this as a pronoun", "The Team plan costs $29. This includes VAT.", "This includes VAT.", "The Team plan includes VAT."},
	{"its", "Tallyhub Go is fast. Its battery use is low.", "Its battery use is low.", "Tallyhub Go's battery use is low."},
	{"their after a plural", "Invoices are sent monthly. Their totals include VAT.", "Their totals include VAT.", "Invoices' totals include VAT."},
	{"it's", "The Starter plan is free. It's limited to 3 users.", "It's limited to 3 users.", "The Starter plan is limited to 3 users."},
	{"it’s with a curly apostrophe, been", "Tallyhub Go is new. It’s been downloaded 1,000 times.", "It’s been downloaded 1,000 times.", "Tallyhub Go has been downloaded 1,000 times."},
	{"they're", "Exports are free. They're limited to 10 a day.", "They're limited to 10 a day.", "Exports are limited to 10 a day."},
	{"a clause inside the sentence", "Tallyhub Go costs $5 a month, and it runs on iPhones.", "it runs on iPhones", "Tallyhub Go runs on iPhones"},
	{"the heading above", "## Tallyhub Go\n\nIt runs on iPhones and Android phones.", "It runs on iPhones and Android phones.", "Tallyhub Go runs on iPhones and Android phones."},
	{"a one-word heading the draft capitalises mid-sentence", "## Tallyhub\n\nIt syncs with Xero. Teams use Tallyhub daily.", "It syncs with Xero.", "Tallyhub syncs with Xero."},
	{"The app under a named heading", "## Tallyhub Go\n\nThe app launched in May.", "The app launched in May.", "Tallyhub Go launched in May."},
	{"The app after the name", "Tallyhub Go is our mobile app. The app launched in May.", "The app launched in May.", "Tallyhub Go launched in May."},
	{"it after The app is still the name", "Tallyhub Go is our mobile app. The app launched in May. It runs on iPhones.", "It runs on iPhones.", "Tallyhub Go runs on iPhones."},
	{"The plan names the one plan", "The Team plan costs $29 a month. The plan includes SSO.", "The plan includes SSO.", "The Team plan includes SSO."},
	{"This plan", "The Business plan costs $79. This plan includes audit logs.", "This plan includes audit logs.", "The Business plan includes audit logs."},
	{"the paragraph wins over the heading", "## Tallyhub Go\n\nThe Team plan costs $29. It includes SSO.", "It includes SSO.", "The Team plan includes SSO."},
	{"the same subject twice is no rival", "Tallyhub Go runs on iPhones. Tallyhub Go syncs over Wi-Fi. It works offline.", "It works offline.", "Tallyhub Go works offline."},
	// what is left alone
	{"nothing to resolve", "Tallyhub Go runs on iPhones.", "Tallyhub Go runs on iPhones.", ""},
	{"two plans are ambiguous", "The Team plan costs $29. The Business plan costs $79. It includes SSO.", "It includes SSO.", ""},
	{"a rival subject is ambiguous", "Tallyhub Go launched in May. Support is available by email. It runs on iPhones.", "It runs on iPhones.", ""},
	{"number disagrees", "Tallyhub Go is our app. They run on iPhones.", "They run on iPhones.", ""},
	{"no antecedent", "It runs on iPhones.", "It runs on iPhones.", ""},
	{"never across paragraphs", "Tallyhub Go is our app.\n\nIt runs on iPhones.", "It runs on iPhones.", ""},
	{"The price is not the product", "Tallyhub Go launched in May. The price is $5 a month.", "The price is $5 a month.", ""},
	{"a heading that is no name", "## Pricing changes\n\nIt costs $5 a month.", "It costs $5 a month.", ""},
	{"a one-word heading that is no name", "## Pricing\n\nIt costs $5 a month.", "It costs $5 a month.", ""},
	{"a complex subject is no candidate", "The price of the Team plan is $29. It includes VAT.", "It includes VAT.", ""},
	{"a pronoun that does not lead", "Customers say it runs well.", "Customers say it runs well.", ""},
	{"The app store is a compound", "Tallyhub Go is our app. The app store lists it.", "The app store lists it.", ""},
}

func TestResolve(t *testing.T) {
	t.Parallel()
	for _, c := range resolveCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in := []Claim{claimAt(t, c.draft, c.claim)}
			got := Resolve(c.draft, in)
			if len(got) != 1 {
				t.Fatalf("Resolve returned %d claims for 1", len(got))
			}
			if got[0].Resolved != c.want {
				t.Errorf("Resolved = %q, want %q", got[0].Resolved, c.want)
			}
		})
	}
}

func TestResolveKeepsAResolvedFormAlreadySet(t *testing.T) {
	t.Parallel()
	draft := "Tallyhub Go is our app. It runs on iPhones."
	c := claimAt(t, draft, "It runs on iPhones.")
	c.Resolved = "Tallyhub Go runs on iPhone and iPad."
	if got := Resolve(draft, []Claim{c})[0].Resolved; got != c.Resolved {
		t.Fatalf("Resolved = %q, want the one set before (%q)", got, c.Resolved)
	}
}

func TestSelfContained(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		c    Claim
		want string
	}{
		{"resolved", Claim{Text: "It runs on iPhones.", Resolved: "Tallyhub Go runs on iPhones."}, "Tallyhub Go runs on iPhones."},
		{"nothing resolved", Claim{Text: "Tallyhub Go runs on iPhones."}, "Tallyhub Go runs on iPhones."},
	}
	for _, c := range cases {
		if got := c.c.SelfContained(); got != c.want {
			t.Errorf("%s: SelfContained = %q, want %q", c.name, got, c.want)
		}
	}
}

// sentenceClaims makes one claim per sentence of every body paragraph,
// as a decomposer that keeps the writer's words would.
func sentenceClaims(draft string) []Claim {
	var cs []Claim
	for _, p := range SplitParagraphs(draft) {
		if p.Heading {
			continue
		}
		for _, s := range text.SplitSentences(p.Text) {
			cs = append(cs, Claim{Paragraph: p.Index, Text: s.Text, Start: p.Start + s.Start, End: p.Start + s.End})
		}
	}
	return cs
}

// checkResolveInvariants: Resolve copies, never touches the writer's span,
// and a resolved form keeps the claim's words after its reference.
func checkResolveInvariants(t *testing.T, draft string, in []Claim) {
	t.Helper()
	before := append([]Claim(nil), in...)
	out := Resolve(draft, in)
	if len(out) != len(in) {
		t.Fatalf("Resolve returned %d claims for %d", len(out), len(in))
	}
	for i := range in {
		if in[i] != before[i] {
			t.Fatalf("Resolve changed its input claim %d: %+v -> %+v", i, before[i], in[i])
		}
		o := out[i]
		if o.Text != in[i].Text || o.Start != in[i].Start || o.End != in[i].End || o.Paragraph != in[i].Paragraph {
			t.Fatalf("Resolve changed claim %d's span: %+v -> %+v", i, in[i], o)
		}
		if o.Resolved == "" || o.Resolved == in[i].Resolved {
			continue
		}
		if o.Resolved == o.Text {
			t.Fatalf("claim %d: Resolved repeats Text %q", i, o.Text)
		}
		if tail, ok := afterFields(o.Text, 2); ok {
			if !strings.HasSuffix(o.Resolved, tail) {
				t.Fatalf("claim %d: Resolved %q lost the claim's words %q", i, o.Resolved, tail)
			}
		}
		if utf8.ValidString(draft) && !utf8.ValidString(o.Resolved) {
			t.Fatalf("claim %d: Resolved %q is not UTF-8", i, o.Resolved)
		}
	}
}

// afterFields is s from its (n+1)th whitespace-separated field on.
func afterFields(s string, n int) (string, bool) {
	for ; n > 0; n-- {
		s = strings.TrimLeftFunc(s, unicode.IsSpace)
		i := strings.IndexFunc(s, unicode.IsSpace)
		if i < 0 {
			return "", false
		}
		s = s[i:]
	}
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	return s, s != ""
}

func TestResolveNeverChangesTheWritersSpan(t *testing.T) {
	t.Parallel()
	for _, c := range resolveCases {
		checkResolveInvariants(t, c.draft, sentenceClaims(c.draft))
	}
	// claims whose offsets lie outside the draft are left alone
	checkResolveInvariants(t, "It runs.", []Claim{{Text: "It runs on iPhones.", Start: 40, End: 59}, {Text: "It runs.", Start: -3, End: 5}})
}

func FuzzResolve(f *testing.F) {
	for _, c := range resolveCases {
		f.Add(c.draft, 0, 0)
	}
	f.Add("## The app\n\nIt’s *fast*. “They” run, and it's Tallyhub’s.\r\n\r\nThese plans are\tnew.", 3, 9)
	f.Fuzz(func(t *testing.T, draft string, start, end int) {
		cs := sentenceClaims(draft)
		// and one claim of arbitrary offsets, as a buggy engine might give
		cs = append(cs, Claim{Text: "It runs on iPhones.", Start: start, End: end})
		checkResolveInvariants(t, draft, cs)
	})
}
