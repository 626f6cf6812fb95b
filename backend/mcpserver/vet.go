package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"
)

// stdlibMaxDepth is where encoding/json gives up on nesting.
const stdlibMaxDepth = 10000

// vet returns why line is not a message the SDK can take, nil when it is.
func vet(line []byte, tooLong bool) *frameError {
	switch {
	case tooLong:
		return &frameError{code: codeInvalidRequest, msg: fmt.Sprintf("the message is over the %d MB limit", maxFrame>>20)}
	case !utf8.Valid(line):
		return &frameError{code: codeParseError, msg: "the message is not UTF-8 text"}
	case !json.Valid(line) && depth(line) >= stdlibMaxDepth: // encoding/json gives up before it can tell more
		return &frameError{code: codeInvalidRequest, msg: fmt.Sprintf("the message nests deeper than the limit of %d levels", maxDepth)}
	case !json.Valid(line):
		return &frameError{code: codeParseError, msg: "the message is not valid JSON (" + jsonProblem(line) + ")"}
	}
	switch line[0] {
	case '[':
		return &frameError{code: codeInvalidRequest, msg: "batches are not supported; send one message per line"}
	case '{':
	default:
		return &frameError{code: codeInvalidRequest, msg: "a message must be a JSON object"}
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(line, &m); err != nil {
		return &frameError{code: codeInvalidRequest, msg: fmt.Sprintf("the message cannot be read as an object: %v", err)}
	}
	if fe := vetObject(m); fe != nil {
		return fe
	}
	if d := depth(line) - 1; d > maxDepth {
		fe := &frameError{code: codeInvalidRequest, msg: fmt.Sprintf("the message nests %d levels deep; the limit is %d", d, maxDepth)}
		if raw, ok := m["id"]; ok {
			fe.id = raw // vetObject found it valid
		}
		return fe
	}
	return nil
}

// jsonProblem is json's own word for what is wrong, with its offset.
func jsonProblem(line []byte) string {
	var v any
	err := json.Unmarshal(line, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v at byte %d", se, se.Offset)
	}
	return fmt.Sprint(err)
}

// vetObject checks a request, notification or response as the SDK decodes
// it: exact, case-sensitive keys and the types it insists on.
func vetObject(m map[string]json.RawMessage) *frameError {
	rawID, hasID := m["id"]
	id, idOK := validID(rawID)
	bad := func(code int, format string, args ...any) *frameError {
		fe := &frameError{code: code, msg: fmt.Sprintf(format, args...)}
		if hasID && idOK {
			fe.id = id
		}
		return fe
	}
	if v, ok := m["jsonrpc"]; !ok || string(bytes.TrimSpace(v)) != `"2.0"` {
		return bad(codeInvalidRequest, `"jsonrpc" must be "2.0", got %s`, orMissing(v, ok))
	}
	if hasID && !idOK {
		return bad(codeInvalidRequest, `"id" must be a string or a whole number, got %s`, clip(rawID))
	}
	method, isRequest := m["method"]
	if !isRequest {
		return vetResponse(m, hasID, bad)
	}
	var name string
	if json.Unmarshal(method, &name) != nil || isNull(method) {
		return bad(codeInvalidRequest, `"method" must be a string, got %s`, clip(method))
	}
	if hasID && isNull(rawID) {
		return bad(codeInvalidRequest, `"id" is null; a notification has no "id"`)
	}
	if p, ok := m["params"]; ok {
		switch {
		case !isObject(p):
			return bad(codeInvalidParams, `%s: "params" must be an object, got %s`, name, clip(p))
		case depth(p) > maxDepth:
			return bad(codeInvalidParams, "%s: params nest %d levels deep; the limit is %d", name, depth(p), maxDepth)
		}
	}
	return nil
}

// vetResponse checks a message without a method: a client's answer to a
// server request. The SDK drops the connection on one it cannot read.
func vetResponse(m map[string]json.RawMessage, hasID bool, bad func(int, string, ...any) *frameError) *frameError {
	res, hasResult := m["result"]
	e, hasError := m["error"]
	if !hasResult && !hasError {
		return bad(codeInvalidRequest, `a message needs a "method" (a request or notification) or an "id" and a "result" or "error" (a response)`)
	}
	quiet := func(format string, args ...any) *frameError {
		fe := bad(codeInvalidRequest, format, args...)
		fe.quiet = true
		return fe
	}
	switch {
	case !hasID || isNull(m["id"]):
		return quiet(`a response needs the "id" of the request it answers`)
	case hasResult && hasError:
		return quiet(`a response has "result" or "error", not both`)
	case hasResult && depth(res) > maxDepth, hasError && depth(e) > maxDepth:
		return quiet("the response nests deeper than the limit of %d levels", maxDepth)
	}
	if hasError {
		var we struct {
			Code    *json.Number `json:"code"`
			Message *string      `json:"message"`
		}
		if !isObject(e) || json.Unmarshal(e, &we) != nil || we.Code == nil || we.Message == nil || !wholeNumber(string(*we.Code)) {
			return quiet(`"error" must be an object with a whole-number "code" and a string "message"`)
		}
	}
	return nil
}

// validID reports whether raw is an id the SDK keeps as sent.
func validID(raw json.RawMessage) (json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	if isNull(raw) {
		return raw, true
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return raw, true
	}
	return raw, wholeNumber(string(raw))
}

func wholeNumber(s string) bool {
	var f float64
	if json.Unmarshal([]byte(s), &f) != nil {
		return false
	}
	return f == math.Trunc(f) && math.Abs(f) <= maxSafeInt
}

func isNull(raw json.RawMessage) bool   { return string(bytes.TrimSpace(raw)) == "null" }
func isObject(raw json.RawMessage) bool { r := bytes.TrimSpace(raw); return len(r) > 0 && r[0] == '{' }

func orMissing(v json.RawMessage, ok bool) string {
	if !ok {
		return "nothing"
	}
	return clip(v)
}

// clip is a value as a reply may quote it: short.
func clip(v json.RawMessage) string {
	s := string(bytes.TrimSpace(v))
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40]) + "…"
	}
	return s
}

// depth is how deeply JSON text nests arrays and objects (strings skipped).
func depth(b []byte) int {
	d, top, inStr, esc := 0, 0, false, false
	for _, c := range b {
		switch {
		case inStr && esc:
			esc = false
		case inStr && c == '\\':
			esc = true
		case inStr && c == '"':
			inStr = false
		case inStr:
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			d++
			top = max(top, d)
		case c == '}' || c == ']':
			d--
		}
	}
	return top
}
