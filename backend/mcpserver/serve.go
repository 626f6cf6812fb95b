package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"continuity/backend/session"
)

// Serve answers one MCP client over newline-delimited JSON-RPC on in and
// out (a process's stdin and stdout) until the client hangs up or ctx
// ends. A client hanging up is a normal end.
func Serve(ctx context.Context, s *session.Session, o Options, in io.Reader, out io.Writer) error {
	ms, err := New(s, o)
	if err != nil {
		return err
	}
	// A session of many calls: each one syncs only after a change to the
	// corpus, not every time (a sync reads and hashes every file).
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if stop, err := s.WatchContent(ctx); err != nil {
		log.Warn("corpus not watched: every call syncs the index", "err", err)
	} else {
		defer stop()
	}
	// guard stands between the client and the SDK: a malformed message is
	// answered there and never reaches the SDK, which would end the session.
	lw := &lockedWriter{w: out}
	pr, pw := io.Pipe()
	go guard(in, pw, lw, log)
	defer pr.Close() // a guard still reading stdin stops at its next message
	t := &mcp.IOTransport{Reader: pr, Writer: lw, MaxLineLength: maxFrame + 1<<20}
	err = ms.Run(ctx, t)
	switch {
	case err == nil, errors.Is(err, io.EOF), errors.Is(err, mcp.ErrConnectionClosed):
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return fmt.Errorf("mcp: %w", err)
}
