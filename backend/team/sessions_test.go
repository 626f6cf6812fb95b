package team_test

import (
	"context"
	"errors"
	"testing"

	"continuity/backend/team"
)

func TestABrowserSessionNamesItsUserUntilItEnds(t *testing.T) {
	engines(t, func(t *testing.T, s *team.Store) {
		ctx := context.Background()
		u, token, err := s.AddUser(ctx, "cy", team.Manager, []string{"ws-a"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.StartSession(ctx, "ctn_wrong"); !errors.Is(err, team.ErrUnauthorized) {
			t.Fatalf("a bad token signed in: %v", err)
		}
		se, err := s.StartSession(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if se.ID == "" || se.CSRF == "" || se.ID == se.CSRF || se.ID == token {
			t.Fatalf("session %q / csrf %q: want two fresh secrets, neither the token", se.ID, se.CSRF)
		}
		got, err := s.SessionUser(ctx, se.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.User.ID != u.ID || got.User.Role != team.Manager || got.CSRF != se.CSRF || len(got.User.Workspaces) != 1 {
			t.Fatalf("session names %+v (csrf %q), want %s with csrf %q", got.User, got.CSRF, u.Name, se.CSRF)
		}
		if err := s.EndSession(ctx, se.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SessionUser(ctx, se.ID); !errors.Is(err, team.ErrUnauthorized) {
			t.Fatalf("an ended session still works: %v", err)
		}
		second, err := s.StartSession(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Disable(ctx, "cy"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SessionUser(ctx, second.ID); !errors.Is(err, team.ErrUnauthorized) {
			t.Fatalf("a disabled user's session still works: %v", err)
		}
		for _, id := range []string{"", "x", second.CSRF} {
			if _, err := s.SessionUser(ctx, id); !errors.Is(err, team.ErrUnauthorized) {
				t.Errorf("session %q: %v, want ErrUnauthorized", id, err)
			}
		}
	})
}
