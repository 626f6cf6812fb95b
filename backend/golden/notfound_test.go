package golden

import (
	"context"
	"errors"
	"testing"
)

// A missing set names itself, so a face can show the error as it is and
// still branch on ErrNotFound.
func TestNotFoundErrorNamesTheSet(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := newRepo(t)
	if _, err := r.Create(ctx, "Billing", "", "ana"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		call func() error
		want string
	}{
		{"set", func() error { _, err := r.Set(ctx, "nope"); return err }, `golden set "nope" not found`},
		{"rows", func() error { _, err := r.Rows(ctx, "nope"); return err }, `golden set "nope" not found`},
		{"version", func() error { _, err := r.VersionRows(ctx, "Billing", 9); return err }, `golden set "Billing" version 9 not found`},
		{"delete", func() error { return r.Delete(ctx, "nope") }, `golden set "nope" not found`},
		{"edit", func() error { _, err := r.DeleteRow(ctx, "nope", "Q1", "ana"); return err }, `save golden set "nope": golden set "nope" not found`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			err := c.call()
			var nf *NotFoundError
			if !errors.Is(err, ErrNotFound) || !errors.As(err, &nf) || err.Error() != c.want {
				t.Fatalf("err = %v, want %q matching ErrNotFound", err, c.want)
			}
		})
	}
}
