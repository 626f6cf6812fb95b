package cli

import "context"

func helpCommand() *Command {
	return &Command{
		Name:    "help",
		Args:    "[command]",
		Summary: "show help for continuity or a command",
		Run: func(_ context.Context, env *Env, args []string) error {
			switch len(args) {
			case 0:
				writeUsage(env.Stdout, true)
				return nil
			case 1:
				c, ok := findCommand(args[0])
				if !ok {
					return Usagef("unknown command %q", args[0])
				}
				writeCommandHelp(env.Stdout, c)
				return nil
			default:
				return Usagef("help takes at most one command")
			}
		},
	}
}
