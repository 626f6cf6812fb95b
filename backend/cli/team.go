package cli

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"continuity/backend/team"
)

func teamCommand() *Command {
	return &Command{
		Name:    "team",
		Args:    "add|list|disable|token NAME",
		Summary: "the team server's users and their tokens",
		Help: `team add NAME --role ROLE [--workspace ID,…]   create a user; prints their token once
team list                                       users, roles and workspaces
team token NAME [--label L]                     another token for a user (a CI job)
team disable NAME                               lock a user out: every token stops working
Roles: writer (search, check), expert (also golden sets), manager (also runs,
thresholds, baselines), admin (everything, and users). --workspace defaults to the
current workspace's ID; "*" is every workspace. --db as for serve.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			o := &teamFlags{}
			fs.StringVar(&o.role, "role", "", "add: writer, expert, manager or admin")
			fs.StringVar(&o.workspaces, "workspace", "", "add: comma-separated workspace IDs, or * (default: the current workspace)")
			fs.StringVar(&o.label, "label", "cli", "token: what the token is for")
			fs.StringVar(&o.db, "db", "", "team database: postgres://… (default: $CONTINUITY_DATABASE_URL, else the data dir's SQLite)")
			return func(ctx context.Context, env *Env, args []string) error { return runTeam(ctx, env, *o, args) }
		},
	}
}

type teamFlags struct{ role, workspaces, label, db string }

func runTeam(ctx context.Context, env *Env, o teamFlags, args []string) error {
	if len(args) == 0 {
		return Usagef("team needs a subcommand: add, list, token or disable")
	}
	sub, rest := args[0], args[1:]
	want := 1
	if sub == "list" {
		want = 0
	}
	if len(rest) != want {
		return Usagef("team %s takes %d argument(s)", sub, want)
	}
	ts, closeTeam, err := openTeam(ctx, env, o.db)
	if err != nil {
		return err
	}
	defer closeTeam()
	switch sub {
	case "add":
		return teamAdd(ctx, env, ts, rest[0], o)
	case "list":
		return teamList(ctx, env, ts)
	case "token":
		token, err := ts.NewToken(ctx, rest[0], o.label)
		if err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "new token for %s (shown only now):\n%s\n", rest[0], token)
		return nil
	case "disable":
		if err := ts.Disable(ctx, rest[0]); err != nil {
			return err
		}
		fmt.Fprintf(env.Stdout, "%s disabled; their tokens no longer work\n", rest[0])
		return nil
	}
	return Usagef("unknown team subcommand %q", sub)
}

func teamAdd(ctx context.Context, env *Env, ts *team.Store, name string, o teamFlags) error {
	role, err := team.ParseRole(o.role)
	if err != nil {
		return Usagef("--role: %v", err)
	}
	ws := strings.Split(o.workspaces, ",")
	if strings.TrimSpace(o.workspaces) == "" {
		s, err := env.Session(ctx)
		if err != nil {
			return err
		}
		id, err := s.WorkspaceID(ctx)
		if err != nil {
			return err
		}
		ws = []string{id}
	}
	u, token, err := ts.AddUser(ctx, name, role, ws)
	if err != nil {
		return err
	}
	if err := ts.Record(ctx, team.Entry{UserID: "cli", UserName: "cli", Action: "user.create", Target: u.Name, AfterID: u.ID}); err != nil {
		return err
	}
	if env.JSON {
		return env.WriteJSON(map[string]any{"user": u, "token": token})
	}
	fmt.Fprintf(env.Stdout, "%s (%s, workspaces %s) created; their token (shown only now):\n%s\n", u.Name, u.Role, strings.Join(u.Workspaces, ", "), token)
	return nil
}

func teamList(ctx context.Context, env *Env, ts *team.Store) error {
	users, err := ts.Users(ctx)
	if err != nil {
		return err
	}
	if env.JSON {
		if users == nil {
			users = []team.User{}
		}
		return env.WriteJSON(map[string]any{"users": users})
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tROLE\tWORKSPACES\tCREATED")
	for _, u := range users {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", u.Name, u.Role, strings.Join(u.Workspaces, ","), u.CreatedAt)
	}
	return tw.Flush()
}
