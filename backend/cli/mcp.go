package cli

import (
	"context"
	"flag"
	"fmt"
	"os"

	"continuity/backend/mcpserver"
)

func mcpCommand() *Command {
	return &Command{
		Name:    "mcp",
		Summary: "serve the Model Context Protocol on stdio for AI assistants",
		Help: `Serves MCP (newline-delimited JSON-RPC) on stdin and stdout for an AI assistant's client:
tools search_corpus, check_draft (the same JSON as check --json, with progress notifications
and cancellation), lint_voice, get_document and list_golden_sets, and the workspace's documents
as continuity://documents/{id} resources. Logs go to stderr only; stdout is the protocol.
Read-only by default: checks are not kept in the history unless --allow-writes is given.
What a client sends is checked as text, never followed as an instruction.`,
		Flags: func(fs *flag.FlagSet) RunFunc {
			allowWrites := fs.Bool("allow-writes", false, "keep check_draft checks in the check history")
			return func(ctx context.Context, env *Env, args []string) error {
				return runMCP(ctx, env, args, *allowWrites)
			}
		},
	}
}

func runMCP(ctx context.Context, env *Env, args []string, allowWrites bool) error {
	if len(args) > 0 {
		return Usagef("mcp takes no arguments")
	}
	if f, ok := env.Stdin.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			fmt.Fprintln(env.Stderr, "continuity mcp speaks MCP on stdin/stdout: start it from an MCP client (see README)")
		}
	}
	s, err := env.Session(ctx)
	if err != nil {
		return err
	}
	return mcpserver.Serve(ctx, s, mcpserver.Options{AllowWrites: allowWrites, Version: Version, Log: env.Log}, env.Stdin, env.rawStdout)
}
