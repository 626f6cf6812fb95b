package secret

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestTheTeamServerIsKeptInTheKeyringElseForTheSession(t *testing.T) {
	ctx := context.Background()
	s := mockStore(t, map[string]string{EnvTeamURL: "https://env.example", EnvTeamToken: "ctn_env"})
	if got, err := s.Team(ctx); err != nil || got.Source != SourceEnv || got.Token != "ctn_env" {
		t.Fatalf("nothing saved: %+v %v, want the environment's", got, err)
	}
	if err := s.SetTeam(ctx, "https://team.example", "ctn_saved"); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Team(ctx); err != nil || got.Source != SourceKeyring || got.URL != "https://team.example" || got.Token != "ctn_saved" {
		t.Fatalf("after saving: %+v %v, want the keyring's", got, err)
	}
	if err := s.DeleteTeam(ctx); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Team(ctx); got.Source != SourceEnv {
		t.Fatalf("after forgetting: %+v, want the environment's again", got)
	}

	hung := &Store{kr: hangingKeyring{}, timeout: 50 * time.Millisecond, getenv: env(nil)}
	if err := hung.SetTeam(ctx, "https://team.example", "ctn_session"); !errors.Is(err, ErrKeyringUnavailable) {
		t.Fatalf("a hung keyring: %v, want ErrKeyringUnavailable", err)
	}
	if got, err := hung.Team(ctx); err != nil || got.Source != SourceSession || got.Token != "ctn_session" {
		t.Fatalf("with a hung keyring: %+v %v, want the session's copy", got, err)
	}
}
