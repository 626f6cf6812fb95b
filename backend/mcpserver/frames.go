package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"continuity/backend/check"
)

// The SDK's stdio transport ends the session on the first message it cannot
// decode: truncated JSON, binary, a batch (refused from protocol
// 2025-06-18), "jsonrpc": "1.0", an object id, a frame over its line limit
// or deep nesting each killed `continuity mcp` for its client. Every line
// is therefore checked here first; a bad one is answered with a JSON-RPC
// error and dropped, and only well-formed messages reach the SDK.

// JSON-RPC 2.0 error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeInvalidParams  = -32602
)

const (
	// maxFrame bounds one message: a check_draft of check.MaxDraftBytes
	// whose every byte JSON doubles still fits.
	maxFrame = 2*check.MaxDraftBytes + 1<<20
	// maxDepth bounds nesting; no MCP request needs more, and the SDK
	// drops the connection at 1000.
	maxDepth = 64
	// maxSafeInt is the largest integer a JSON number holds exactly; the
	// SDK reads ids as float64.
	maxSafeInt = 1<<53 - 1
)

// frameError is a refused message and the error reply it gets.
type frameError struct {
	code int
	id   json.RawMessage // nil: the id could not be read, so null
	msg  string
	// quiet: a malformed response is logged, not answered; a reply to a
	// response could start an endless exchange of errors with the client
	quiet bool
}

// lockedWriter serialises the SDK's writes and the error replies, so no
// two messages interleave on stdout. Each caller writes whole lines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil } // stdout outlives a session

// guard copies the well-formed lines of in to sdk and answers the others
// on out, until in ends (then sdk is closed, which ends the session) or a
// write to sdk fails because the session is over.
func guard(in io.Reader, sdk *io.PipeWriter, out io.Writer, log *slog.Logger) {
	br := bufio.NewReaderSize(in, 64<<10)
	for n := 1; ; n++ {
		line, tooLong, err := readFrame(br)
		if len(bytes.TrimSpace(line)) > 0 || tooLong {
			if fe := vet(line, tooLong); fe != nil {
				log.Warn("mcp: refused a message", "message", n, "code", fe.code, "reason", fe.msg)
				if fe.quiet {
					continue
				}
				if werr := reply(out, n, fe); werr != nil {
					_ = sdk.CloseWithError(werr)
					return
				}
			} else if _, werr := sdk.Write(append(line, '\n')); werr != nil {
				return
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = nil
			}
			_ = sdk.CloseWithError(err)
			return
		}
	}
}

// readFrame reads one line without its line ending. A line over maxFrame
// is read to its end and dropped, never held: tooLong says so.
func readFrame(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > maxFrame+2 {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), tooLong, err
	}
}

type wireError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type errorReply struct {
	Version string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   wireError       `json:"error"`
}

func reply(out io.Writer, n int, fe *frameError) error {
	id := fe.id
	if len(bytes.TrimSpace(id)) == 0 {
		id = json.RawMessage("null")
	}
	b, err := json.Marshal(errorReply{Version: "2.0", ID: id,
		Error: wireError{Code: fe.code, Message: fmt.Sprintf("%s: message %d: %s", codeName(fe.code), n, fe.msg)}})
	if err != nil {
		return err
	}
	_, err = out.Write(append(b, '\n'))
	return err
}

func codeName(code int) string {
	switch code {
	case codeParseError:
		return "parse error"
	case codeInvalidParams:
		return "invalid params"
	}
	return "invalid request"
}
