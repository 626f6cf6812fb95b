package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"

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
	t := &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}}
	err = ms.Run(ctx, t)
	switch {
	case err == nil, errors.Is(err, io.EOF), errors.Is(err, mcp.ErrConnectionClosed):
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return fmt.Errorf("mcp: %w", err)
}

// nopWriteCloser leaves closing out to its owner (stdout outlives a session).
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
