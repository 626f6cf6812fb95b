package embed

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"continuity/backend/llm"
)

type fakeClient struct {
	calls [][]string
	dim   int
	err   error
	short bool
}

func (f *fakeClient) Embed(_ context.Context, texts []string) ([][]float32, llm.Usage, error) {
	f.calls = append(f.calls, texts)
	if f.err != nil {
		return nil, llm.Usage{}, f.err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = make([]float32, f.dim)
		out[i][0], out[i][1] = float32(len(t)), 1
	}
	if f.short {
		out = out[1:]
	}
	return out, llm.Usage{}, nil
}

func TestRemote(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		client  *fakeClient
		wantErr string
		calls   int
	}{
		{"batches and normalises", &fakeClient{dim: 3}, "", 3},
		{"server error is wrapped", &fakeClient{dim: 3, err: errors.New("boom")}, "boom", 1},
		{"count mismatch refused", &fakeClient{dim: 3, short: true}, "vectors for", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := NewRemote(tc.client, "text-embedding-3-small", 2)
			vecs, err := r.Embed(context.Background(), []string{"a", "bb", "ccc", "dddd", "e"})
			if len(tc.client.calls) != tc.calls {
				t.Errorf("calls %d, want %d", len(tc.client.calls), tc.calls)
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || len(vecs) != 5 {
				t.Fatalf("vecs %d err %v", len(vecs), err)
			}
			for _, v := range vecs {
				if n := norm(v); math.Abs(n-1) > 1e-5 {
					t.Errorf("norm %f", n)
				}
			}
		})
	}
}

func norm(v []float32) float64 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	return math.Sqrt(s)
}

func TestOfflineIsDeterministicAndSimilarityMakesSense(t *testing.T) {
	t.Parallel()
	e := NewOffline()
	vs, err := e.Embed(context.Background(), []string{"refund within thirty days", "refunds within 30 days", "webhook retries and failures", ""})
	if err != nil {
		t.Fatal(err)
	}
	dot := func(a, b []float32) float64 {
		var s float64
		for i := range a {
			s += float64(a[i] * b[i])
		}
		return s
	}
	if dot(vs[0], vs[1]) <= dot(vs[0], vs[2]) {
		t.Errorf("related %f not above unrelated %f", dot(vs[0], vs[1]), dot(vs[0], vs[2]))
	}
	again, _ := e.Embed(context.Background(), []string{"refund within thirty days"})
	if dot(vs[0], again[0]) < 0.9999 {
		t.Error("not deterministic")
	}
	if norm(vs[3]) != 0 {
		t.Error("empty text should give a zero vector")
	}
}
