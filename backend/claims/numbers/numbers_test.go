package numbers

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExtract(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		want       []string // Quantity.String() of each
	}{
		{"digits days", "refund within 30 days of any payment", []string{"30 days"}},
		{"words days", "a fourteen-day free trial", []string{"14 days"}},
		{"thirty days", "restore it for thirty days", []string{"30 days"}},
		{"weeks to days", "an 8-week pilot", []string{"56 days"}},
		{"eight weeks", "eight weeks", []string{"56 days"}},
		{"business days", "within two business days", []string{"2 business days"}},
		{"hours", "for 24 hours", []string{"24 hours"}},
		{"every hour", "dashboards refresh every hour", []string{"1 hours"}},
		{"an ordinal counts the noun after it", "the cafeteria is on the 35th floor", []string{"35 floor"}},
		{"an ordinal at the end", "it opens on the 21st", []string{"21"}},
		{"a number word that starts a name", "One World Trade Center has 2 lobbies", []string{"2 lobbies"}},
		{"a title-case unit still counts", "Thirty Days to Decide", []string{"30 days"}},
		{"minutes", "refresh every 15 minutes", []string{"15 minutes"}},
		{"money", "costs $9 a month and $278.40 a year", []string{"$9", "$278.40"}},
		{"money words", "2500 dollars", []string{"$2,500"}},
		{"money thousands", "$2,500", []string{"$2,500"}},
		{"percent", "saves 20% or 15 percent", []string{"20%", "15%"}},
		{"decimal percent", "99.95% uptime", []string{"99.95%"}},
		{"date full", "released January 20, 2026.", []string{"January 20, 2026"}},
		{"date month", "issued in February 2026", []string{"February 2026"}},
		{"year", "certified since 2023", []string{"2023"}},
		{"version name", "iOS 16 or later", []string{"ios 16"}},
		{"aes", "encrypted with AES-256", []string{"aes 256"}},
		{"v2", "API v2 is here", []string{"v 2"}},
		{"count unit", "600 requests per minute", []string{"600 requests"}},
		{"count words", "up to ten active API keys", []string{"10 active"}},
		{"big", "1,048,576 rows", []string{"1,048,576 rows"}},
		{"name written with digits", "most 18F staff bill 32 hours", []string{"32 hours"}},
		{"million", "more than a million invoices", []string{"1,000,000 invoices"}},
		{"thousand words", "five thousand", []string{"5,000"}},
		{"twenty four", "twenty-four hours", []string{"24 hours"}},
		{"compound modifier", "two-factor authentication", nil},
		{"one-time", "a one-time setup fee", nil},
		{"three-way", "three-way matching of invoices", nil},
		{"hyphenated duration", "a ten-minute call", []string{"10 minutes"}},
		{"digit compound", "a 2-step check", []string{"2 step"}},
		{"times", "from 08:00 to 20:00 CET", []string{"08:00", "20:00"}},
		{"times words", "from eight in the morning until eight in the evening", []string{"08:00", "20:00"}},
		{"no numbers", "Offline mode is the most popular feature.", nil},
		{"day without year", "on March 3 we ship", []string{"March 3"}},
		{"percentage point", "for every 0.1 percentage point below", []string{"0.1%"}},
		{"day range words", "Monday to Friday, 08:00 to 20:00 CET", []string{"Monday to Friday", "08:00", "20:00"}},
		{"day range dash", "open Monday–Friday", []string{"Monday to Friday"}},
		{"single day plural", "on Saturdays from 10:00", []string{"Saturday", "10:00"}},
		{"weekends", "We're closed on weekends.", []string{"weekends"}},
		{"lower-case may is no day", "you may sun yourself", nil},
		{"date iso", "took effect on 2026-01-06.", []string{"January 6, 2026"}},
		{"date day first", "took effect 6 January 2026", []string{"January 6, 2026"}},
		{"date day first ordinal of", "on the 6th of January", []string{"January 6"}},
		{"date month abbreviation", "since Jan 6", []string{"January 6"}},
		{"date month first ordinal", "on January 6th, 2026", []string{"January 6, 2026"}},
		{"iso needs two-digit parts", "build 2026-1-6", []string{"2026", "1", "6"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := Extract(c.text)
			var s []string
			for _, q := range got {
				s = append(s, q.String())
			}
			if strings.Join(s, "|") != strings.Join(c.want, "|") {
				t.Fatalf("Extract(%q) = %q, want %q", c.text, s, c.want)
			}
		})
	}
}

func TestBounds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text  string
		want        Bound
		comparative bool
	}{
		{"up to", "up to 50 users", AtMost, false},
		{"within", "within 30 days", AtMost, false},
		{"at least", "at least 3 reminders", AtLeast, false},
		{"more than", "more than a million invoices", AtLeast, true},
		{"fewer than", "fewer than 12 seats", AtMost, true},
		{"below", "an approval below 32 %", AtMost, true},
		{"above money", "grossed above $90 million", AtLeast, true},
		{"no more than is a limit", "no more than 5 reminders", AtMost, false},
		{"no less than is a limit", "no less than 5 reminders", AtLeast, false},
		{"or later", "iOS 16 or later", AtLeast, false},
		{"exact", "50 users", Exact, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			q := Extract(c.text)
			if len(q) != 1 || q[0].Bound != c.want || q[0].Comparative != c.comparative {
				t.Fatalf("Extract(%q) = %+v, want one quantity with bound %v, comparative %v", c.text, q, c.want, c.comparative)
			}
		})
	}
}

func TestSame(t *testing.T) {
	t.Parallel()
	one := func(s string) Quantity { return Extract(s)[0] }
	cases := []struct {
		name string
		a, b string
		want bool
	}{
		{"words vs digits", "twenty days", "20 days", true},
		{"weeks vs days", "8-week", "56 days", true},
		{"months vs year", "12 months", "1 year", true},
		{"different days", "14 days", "30 days", false},
		{"month vs full date", "February 2026", "February 12, 2026", true},
		{"different dates", "January 20, 2026", "February 3, 2026", false},
		{"money", "$25", "$29", false},
		{"close percents differ", "99.99% uptime", "99.95% uptime", false},
		{"same percent", "99.9%", "99.9 percent", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Same(one(c.a), one(c.b)); got != c.want {
				t.Fatalf("Same(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
			}
		})
	}
}

func TestDaySets(t *testing.T) {
	t.Parallel()
	one := func(s string) Quantity { return Extract(s)[0] }
	cases := []struct {
		name     string
		a, b     string
		within   bool
		sameDays bool
	}{
		{"one day inside a range", "on Mondays", "Monday to Friday", true, false},
		{"weekend day outside weekdays", "on Saturdays", "Monday to Friday", false, false},
		{"weekend inside weekends", "Saturday", "weekends", true, false},
		{"range equals weekdays", "Monday through Friday", "weekdays", true, true},
		{"complement of weekends", "weekends", "weekdays", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			a, b := one(c.a), one(c.b)
			if got := Within(a, b); got != c.within {
				t.Fatalf("Within(%q, %q) = %v", c.a, c.b, got)
			}
			if got := Same(a, b); got != c.sameDays {
				t.Fatalf("Same(%q, %q) = %v", c.a, c.b, got)
			}
		})
	}
	if got := Complement(one("weekends")); !Same(got, one("Monday to Friday")) {
		t.Fatalf("Complement(weekends) = %v", got)
	}
}

// Rates and periods: a price or count given per month is another slot
// than the same thing per year or per user.
func TestRates(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, text, want string }{
		{"per month", "costs $29 per month", "month"},
		{"slash month", "$29/month", "month"},
		{"a year", "costs $278.40 a year", "year"},
		{"annually", "$278.40 annually", "year"},
		{"per user per month", "$12 per user per month", "user/month"},
		{"per seat", "$5 per seat", "seat"},
		{"count per minute", "600 requests per minute", "minute"},
		{"count per month no unit", "50 per month", "month"},
		{"no rate", "Team costs $29", ""},
		{"article is no rate", "$29 a discount", ""},
		{"currency word", "10 dollars a month", "month"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			qs := Extract(c.text)
			if len(qs) != 1 {
				t.Fatalf("Extract(%q) = %v, want one quantity", c.text, qs)
			}
			if qs[0].Per != c.want {
				t.Fatalf("Per of %q = %q, want %q", c.text, qs[0].Per, c.want)
			}
		})
	}
	month, year, none := Extract("$29/month")[0], Extract("$278.40 per year")[0], Extract("$29")[0]
	if SameRate(month, year) || !SameRate(month, none) || !SameRate(month, month) {
		t.Fatal("SameRate: month vs year must differ; a missing rate matches any")
	}
}

func FuzzExtract(f *testing.F) {
	for _, s := range []string{"$2,500 within 30 days", "January 20, 2026", "eight in the evening", "a million", "1,", "$", "9:", "v2-", "2026-01-06", "6th of Jan", "$5/", "$12 per user per"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, q := range Extract(s) {
			if q.Start < 0 || q.End > len(s) || q.Start > q.End {
				t.Fatalf("bad span %d..%d in %q", q.Start, q.End, s)
			}
			if utf8.ValidString(s) && !utf8.ValidString(s[q.Start:q.End]) {
				t.Fatalf("span splits a rune in %q", s)
			}
			_ = q.String()
		}
	})
}

func TestEveryMarksRepeatIntervals(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, text string
		every      bool
	}{
		{"every hour", "dashboards refresh every hour", true},
		{"every number", "data refreshes every 15 minutes", true},
		{"each", "we back up each 6 hours", true},
		{"span", "after six months in beta", false},
		{"window", "refunds within 30 days", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			qs := Extract(tc.text)
			if len(qs) != 1 || qs[0].Kind != Duration {
				t.Fatalf("Extract(%q) = %+v, want one duration", tc.text, qs)
			}
			if qs[0].Every != tc.every {
				t.Errorf("Every = %v, want %v", qs[0].Every, tc.every)
			}
		})
	}
}
