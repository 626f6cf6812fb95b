package glove

import (
	"context"
	"errors"
	"math"
	"sync"
	"testing"
)

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func TestSIFOnTinyTable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m, err := Decode(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	s := NewSIF(m, 0)
	if s.Dims() != 4 || s.Component() != nil {
		t.Fatalf("dims %d, component %v before Fit", s.Dims(), s.Component())
	}
	before := s.Model()
	corpus := []string{"the cat", "the kitten", "the invoice", "the cat and the kitten", "nothing known"}
	if err := s.Fit(ctx, corpus); err != nil {
		t.Fatal(err)
	}
	again := NewSIF(m, 0)
	if err := again.Fit(ctx, corpus); err != nil {
		t.Fatal(err)
	}
	if s.Model() != again.Model() || s.Model() == before {
		t.Errorf("Fit not deterministic or not in Model: %s / %s / %s", before, s.Model(), again.Model())
	}
	pc := s.Component()
	if math.Abs(dot(pc, pc)-1) > 1e-5 {
		t.Errorf("component norm² %v", dot(pc, pc))
	}
	vs, err := s.Embed(ctx, []string{"the cat", "kitten", "invoice", "dog", ""})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vs[:3] {
		if math.Abs(dot(v, v)-1) > 1e-5 || math.Abs(dot(v, pc)) > 1e-5 {
			t.Errorf("vector %d: norm² %v, along component %v", i, dot(v, v), dot(v, pc))
		}
	}
	for i, v := range vs[3:] {
		if dot(v, v) != 0 || len(v) != 4 {
			t.Errorf("text with no known word %d got %v", i, v)
		}
	}
	if dot(vs[0], vs[1]) <= dot(vs[0], vs[2]) {
		t.Errorf("cat·kitten %.3f <= cat·invoice %.3f", dot(vs[0], vs[1]), dot(vs[0], vs[2]))
	}
}

func TestSIFErrors(t *testing.T) {
	t.Parallel()
	m, err := Decode(tiny(t))
	if err != nil {
		t.Fatal(err)
	}
	s := NewSIF(m, DefaultA)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"fit without known words", s.Fit(context.Background(), []string{"dog", ""}), ErrNoText},
		{"fit cancelled", s.Fit(cancelled, []string{"cat"}), context.Canceled},
		{"embed cancelled", func() error { _, err := s.Embed(cancelled, []string{"cat"}); return err }(), context.Canceled},
		{"component of wrong size", s.SetComponent([]float32{1}), nil},
		{"zero component", s.SetComponent(make([]float32, 4)), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil || (c.want != nil && !errors.Is(c.err, c.want)) {
				t.Errorf("error %v, want %v", c.err, c.want)
			}
		})
	}
}

// fitCorpus stands in for a workspace: mixed topics, so the first component
// is the common direction and not one topic.
var fitCorpus = []string{
	"Refunds are paid back to the original card within thirty days.",
	"Open the billing page and choose request refund to get your money back.",
	"Export your dashboard as a spreadsheet or a document from the share menu.",
	"Dashboards can be shared with a public link that anyone can open.",
	"Two-factor authentication protects the account with a code from an app.",
	"Turn on two-factor authentication in the security settings.",
	"The cat slept on the warm windowsill all afternoon.",
	"Our kitten chases the red ball across the kitchen floor.",
	"The volcano erupted and covered the village in ash.",
	"Scientists measured the temperature of the lava flow.",
	"The team won the championship after a dramatic final match.",
	"Fans celebrated in the streets until late at night.",
	"The recipe needs two cups of flour and a pinch of salt.",
	"Bake the bread for forty minutes until it turns golden.",
	"The train to the city leaves every hour from platform four.",
	"Passengers must buy a ticket before they board the bus.",
	"The invoice is due at the end of the month.",
	"Late payments are charged a small fee each week.",
	"The new phone has a larger screen and a faster processor.",
	"Battery life improved by almost a third in the latest model.",
}

func TestSIFRealParaphraseCloserThanUnrelated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := NewSIF(realModel(t), DefaultA)
	if err := s.Fit(ctx, fitCorpus); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, a, paraphrase, unrelated string }{
		{"refund", "How do I get my money back?", "How can I obtain a refund?", "The volcano erupted last night."},
		{"cat", "The cat is sleeping on the sofa.", "A kitten naps on the couch.", "Invoices are due at month end."},
		{"login", "Enable two-factor authentication for your account.", "Turn on two-step verification to secure the account.", "Bake the cake for forty minutes."},
		{"travel", "The train departs every hour.", "Trains leave hourly from the station.", "The phone has a bigger screen."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vs, err := s.Embed(ctx, []string{c.a, c.paraphrase, c.unrelated})
			if err != nil {
				t.Fatal(err)
			}
			para, unrel := dot(vs[0], vs[1]), dot(vs[0], vs[2])
			t.Logf("paraphrase %.3f, unrelated %.3f", para, unrel)
			if para <= unrel+0.2 || unrel > 0.3 {
				t.Errorf("paraphrase %.3f, unrelated %.3f: want paraphrase clearly higher and unrelated near 0", para, unrel)
			}
		})
	}
}

func TestSIFConcurrentFitAndEmbed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := NewSIF(realModel(t), DefaultA)
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			var err error
			if i%2 == 0 {
				err = s.Fit(ctx, fitCorpus)
			} else {
				_, err = s.Embed(ctx, fitCorpus)
			}
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if s.Component() == nil {
		t.Error("no component after Fit")
	}
}

func BenchmarkSIFEmbed(b *testing.B) {
	ctx := context.Background()
	s := NewSIF(realModel(b), DefaultA)
	if err := s.Fit(ctx, fitCorpus); err != nil {
		b.Fatal(err)
	}
	n := 0
	for b.Loop() {
		if _, err := s.Embed(ctx, fitCorpus); err != nil {
			b.Fatal(err)
		}
		n += len(fitCorpus)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "sentences/s")
}
