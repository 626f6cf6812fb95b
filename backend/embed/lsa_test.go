package embed

import (
	"context"
	"errors"
	"math"
	"testing"
)

var lsaTexts = []string{
	"Refunds are paid back to the original card within 30 days of the request.",
	"To get a refund, open Billing and choose Request refund; money goes back to the card.",
	"A refund request is reviewed by support and the money is paid back.",
	"Export your dashboard as CSV or PDF from the Share menu.",
	"The Share menu exports a dashboard to PDF, CSV or a public link.",
	"Dashboards can be exported and shared with a public link.",
	"Two-factor authentication protects your account with a code from an app.",
	"Turn on two-factor authentication in Security settings to protect the account.",
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestTrainLSA(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m, err := TrainLSA(ctx, lsaTexts, LSAOptions{Dim: 4})
	if err != nil {
		t.Fatal(err)
	}
	again, err := TrainLSA(ctx, lsaTexts, LSAOptions{Dim: 4})
	if err != nil {
		t.Fatal(err)
	}
	if m.Model() != again.Model() {
		t.Errorf("training is not deterministic: %s vs %s", m.Model(), again.Model())
	}
	if m.Dim() != 4 || m.TrainedOn() != len(lsaTexts) || m.Name() != "offline-lsa" {
		t.Errorf("dim %d, trained on %d, name %s", m.Dim(), m.TrainedOn(), m.Name())
	}
	vs, err := m.Embed(ctx, []string{
		"how do I get my money back", // shares only "money"/"back" with the refund texts
		"refund paid to the card",    // refund topic
		"export a dashboard to PDF",  // export topic
		"zebra quantum",              // no known word
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vs[:3] {
		if n := dot(v, v); math.Abs(n-1) > 1e-5 {
			t.Errorf("vector %d has squared norm %v", i, n)
		}
	}
	if dot(vs[3], vs[3]) != 0 {
		t.Errorf("a text with no known word should embed to zero")
	}
	if same, other := dot(vs[0], vs[1]), dot(vs[0], vs[2]); same <= other {
		t.Errorf("money-back query: refund topic %.3f, export topic %.3f; want refund closer", same, other)
	}
}

func TestLSARoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m, err := TrainLSA(ctx, lsaTexts, LSAOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalLSA(b)
	if err != nil {
		t.Fatal(err)
	}
	if back.Model() != m.Model() {
		t.Fatalf("model name %s after round trip, want %s", back.Model(), m.Model())
	}
	a, _ := m.Embed(ctx, lsaTexts[:2])
	c, _ := back.Embed(ctx, lsaTexts[:2])
	for i := range a {
		for j := range a[i] {
			if a[i][j] != c[i][j] {
				t.Fatalf("vector %d differs after round trip at %d", i, j)
			}
		}
	}
}

func TestTrainLSAErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		texts []string
	}{
		{"no texts", nil},
		{"only stop words", []string{"the and of", "a an the"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := TrainLSA(context.Background(), tc.texts, LSAOptions{}); !errors.Is(err, ErrNoTrainingText) {
				t.Errorf("err = %v, want ErrNoTrainingText", err)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := TrainLSA(ctx, lsaTexts, LSAOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled training: err = %v", err)
	}
}

func FuzzUnmarshalLSA(f *testing.F) {
	m, err := TrainLSA(context.Background(), lsaTexts, LSAOptions{Dim: 3})
	if err != nil {
		f.Fatal(err)
	}
	b, _ := m.MarshalBinary()
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Add([]byte("not a model"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := UnmarshalLSA(data)
		if err != nil {
			return
		}
		if _, err := l.Embed(context.Background(), []string{"refund the card"}); err != nil {
			t.Fatal(err)
		}
	})
}
