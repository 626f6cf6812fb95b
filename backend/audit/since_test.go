package audit

import (
	"errors"
	"testing"
	"time"
)

func TestParseSince(t *testing.T) {
	cases := []struct {
		name, in string
		date     time.Time
		rev      string
		bad      bool
	}{
		{name: "date", in: "2025-03-01", date: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)},
		{name: "rfc3339", in: "2025-03-01T10:00:00Z", date: time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)},
		{name: "revision", in: "HEAD~3", rev: "HEAD~3"},
		{name: "hash", in: "a1b2c3d", rev: "a1b2c3d"},
		{name: "empty", in: "", bad: true},
		{name: "option injection", in: "--output=/tmp/x", bad: true},
		{name: "whitespace", in: "HEAD ~1", bad: true},
		{name: "control character", in: "HEAD\x00", bad: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseSince(c.in)
			if c.bad {
				if !errors.Is(err, ErrBadSince) {
					t.Fatalf("parseSince(%q) = %+v, %v; want ErrBadSince", c.in, got, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !got.date.Equal(c.date) || got.rev != c.rev {
				t.Fatalf("parseSince(%q) = %+v, want date %v rev %q", c.in, got, c.date, c.rev)
			}
		})
	}
}

// FuzzParseSince: any input is a date, a revision git cannot read as an
// option, or ErrBadSince; never a panic.
func FuzzParseSince(f *testing.F) {
	for _, s := range []string{"2025-03-01", "HEAD~1", "-x", "", "2025-13-40", "main..dev"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseSince(s)
		if err != nil {
			if !errors.Is(err, ErrBadSince) {
				t.Fatalf("parseSince(%q): unexpected error %v", s, err)
			}
			return
		}
		if got.date.IsZero() == (got.rev == "") {
			t.Fatalf("parseSince(%q) = %+v: want exactly one of date and rev", s, got)
		}
		if got.rev != "" && got.rev[0] == '-' {
			t.Fatalf("parseSince(%q) gives a revision git reads as an option", s)
		}
	})
}

func TestDifferingValues(t *testing.T) {
	cases := []struct {
		name, claim, quote string
		want               []ValuePair
	}{
		{name: "days differ", claim: "You can request a full refund within 30 days of any payment.", quote: "You can request a full refund within 14 days of a payment.",
			want: []ValuePair{{A: "30 days", B: "14 days"}}},
		{name: "same value", claim: "Refunds are available within 30 days of payment.", quote: "You can request a full refund within 30 days of any payment.", want: nil},
		{name: "different kinds", claim: "Team costs $29 per month.", quote: "Team has up to 10 users.", want: nil},
		{name: "negation on one side", claim: "Payments are refundable after 14 days.", quote: "After 14 days, payments aren't refundable.",
			want: nil},
		{name: "bare table cells", claim: "| Starter | 600 |", quote: "| Starter | $9/month | 1 | 50 per month |", want: nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := differingValues(c.claim, c.quote)
			if len(got) != len(c.want) {
				t.Fatalf("differingValues = %v, want %v", got, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("differingValues = %v, want %v", got, c.want)
				}
			}
		})
	}
}
