package team_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"continuity/backend/team"
)

func TestATokenNamesItsUserUntilTheUserIsDisabled(t *testing.T) {
	engines(t, func(t *testing.T, s *team.Store) {
		ctx := context.Background()
		u, token, err := s.AddUser(ctx, "ana", team.Expert, []string{"ws-b", "ws-a", "ws-a"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(token, "ctn_") || len(token) < 40 {
			t.Fatalf("token %q: want ctn_ and 256 random bits", token)
		}
		got, err := s.Authenticate(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != u.ID || got.Role != team.Expert || !slices.Equal(got.Workspaces, []string{"ws-a", "ws-b"}) {
			t.Fatalf("authenticated %+v, want %+v with ws-a, ws-b", got, u)
		}
		second, err := s.NewToken(ctx, "ana", "ci")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Authenticate(ctx, second); err != nil {
			t.Fatalf("second token: %v", err)
		}
		if err := s.Disable(ctx, "ana"); err != nil {
			t.Fatal(err)
		}
		for _, tok := range []string{token, second} {
			if _, err := s.Authenticate(ctx, tok); !errors.Is(err, team.ErrUnauthorized) {
				t.Fatalf("token of a disabled user: %v, want ErrUnauthorized", err)
			}
		}
	})
}

func TestUnknownTokensAreOneError(t *testing.T) {
	engines(t, func(t *testing.T, s *team.Store) {
		ctx := context.Background()
		if _, _, err := s.AddUser(ctx, "bo", team.Writer, []string{"*"}); err != nil {
			t.Fatal(err)
		}
		for _, tok := range []string{"", "ctn_", "ctn_nope", "Bearer x", strings.Repeat("ctn_a", 50), "ctn_' OR 1=1 --"} {
			if _, err := s.Authenticate(ctx, tok); !errors.Is(err, team.ErrUnauthorized) {
				t.Errorf("token %q: %v, want ErrUnauthorized", tok, err)
			}
		}
	})
}

func TestTheStoreKeepsOnlyTheTokensHash(t *testing.T) {
	engines(t, func(t *testing.T, s *team.Store) {
		ctx := context.Background()
		_, token, err := s.AddUser(ctx, "cy", team.Manager, []string{"*"})
		if err != nil {
			t.Fatal(err)
		}
		se, err := s.StartSession(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		for _, table := range []string{"team_users", "team_tokens", "team_grants", "team_audit", "team_sessions"} {
			dump := team.DumpTable(ctx, s, table)
			if strings.Contains(dump, token) || strings.Contains(dump, token[4:]) {
				t.Fatalf("%s holds the token: %s", table, dump)
			}
			if strings.Contains(dump, se.ID) {
				t.Fatalf("%s holds a browser session's cookie: %s", table, dump)
			}
		}
	})
}

func TestBadUsersAreRefusedWithTheirReason(t *testing.T) {
	engines(t, func(t *testing.T, s *team.Store) {
		ctx := context.Background()
		if _, _, err := s.AddUser(ctx, "dee", team.Writer, []string{"ws"}); err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name, user string
			role       team.Role
			ws         []string
			want       error
		}{
			{"duplicate name", "dee", team.Writer, []string{"ws"}, team.ErrExists},
			{"unknown role", "eve", "owner", []string{"ws"}, team.ErrInvalid},
			{"no workspace", "eve", team.Writer, []string{" ", ""}, team.ErrInvalid},
			{"name with a space", "eve smith", team.Writer, []string{"ws"}, team.ErrInvalid},
			{"name with a newline", "eve\nadmin", team.Writer, []string{"ws"}, team.ErrInvalid},
		}
		for _, c := range cases {
			if _, _, err := s.AddUser(ctx, c.user, c.role, c.ws); !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
		}
		if err := s.Disable(ctx, "nobody-here"); !errors.Is(err, team.ErrNotFound) {
			t.Errorf("disable an unknown user: %v", err)
		}
	})
}

func TestTheAuditLogKeepsEveryConcurrentWrite(t *testing.T) {
	engines(t, func(t *testing.T, s *team.Store) {
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- s.Record(ctx, team.Entry{UserID: "u_1", UserName: "ana", Action: "golden.edit", Workspace: "ws", Target: "sample", BeforeID: "v" + string(rune('0'+i%10)), AfterID: "next"})
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.Entries(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 40 || got[0].ID <= got[39].ID || got[0].At == "" {
			t.Fatalf("%d entries (first %+v), want 40 newest first with times", len(got), got[0])
		}
		few, err := s.Entries(ctx, 5)
		if err != nil || len(few) != 5 {
			t.Fatalf("limit 5: %d, %v", len(few), err)
		}
	})
}

func TestRolesAllowWhatTheirJobNeeds(t *testing.T) {
	cases := []struct {
		role team.Role
		act  team.Action
		want bool
	}{
		{team.Writer, team.Check, true},
		{team.Writer, team.Feedback, true},
		{team.Writer, team.EditGolden, false},
		{team.Writer, team.ReadGolden, false},
		{team.Writer, team.WriteRuns, false},
		{team.Expert, team.EditGolden, true},
		{team.Expert, team.WriteRuns, false},
		{team.Manager, team.WriteRuns, true},
		{team.Manager, team.EditGolden, false},
		{team.Manager, team.ManageTeam, false},
		{team.Admin, team.ManageTeam, true},
		{team.Admin, team.EditGolden, true},
	}
	for _, c := range cases {
		if got := c.role.Can(c.act); got != c.want {
			t.Errorf("%s can %s: %v, want %v", c.role, c.act, got, c.want)
		}
	}
}

func TestMigratingTwiceChangesNothing(t *testing.T) {
	engines(t, func(t *testing.T, s *team.Store) {
		ctx := context.Background()
		if _, _, err := s.AddUser(ctx, "fay", team.Admin, []string{"*"}); err != nil {
			t.Fatal(err)
		}
		again, err := team.Reopen(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		users, err := again.Users(ctx)
		if err != nil || len(users) != 1 || users[0].Name != "fay" {
			t.Fatalf("users after a second migration: %+v, %v", users, err)
		}
	})
}
