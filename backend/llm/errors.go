package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"continuity/backend/secret"
)

// Sentinels callers branch on with errors.Is.
var (
	// ErrNoAPIKey: the endpoint needs a key and none is configured.
	ErrNoAPIKey = errors.New("no API key configured")
	// ErrInsecureHTTP: plain http:// to a host that is not this machine,
	// which would send the key and the text unencrypted.
	ErrInsecureHTTP = errors.New("plain http to a remote host is not allowed; use https, or allow insecure http in Settings if the network is trusted")
	// ErrCrossOriginRedirect: the server redirected to another host or
	// scheme; the request is not repeated there with the key.
	ErrCrossOriginRedirect = errors.New("the server redirected to another address")
	// ErrInvalidOutput: the reply is not valid JSON or breaks the schema.
	ErrInvalidOutput = errors.New("model reply does not match the expected format")
	// ErrTimeout: the server did not answer before the deadline.
	ErrTimeout = errors.New("model did not answer in time")
	// ErrRateLimited: HTTP 429 after every retry.
	ErrRateLimited = errors.New("rate limited by the model provider")
	// ErrAuth: HTTP 401/403.
	ErrAuth = errors.New("the model provider rejected the API key")
	// ErrModelNotFound: HTTP 404, usually a wrong model name or base URL.
	ErrModelNotFound = errors.New("model or endpoint not found")
	// ErrServer: HTTP 5xx after every retry.
	ErrServer = errors.New("the model provider had a server error")
	// ErrUnreachable: no HTTP answer at all (refused, DNS, TLS).
	ErrUnreachable = errors.New("could not reach the model provider")
	// ErrBadRequest: any other 4xx.
	ErrBadRequest = errors.New("the model provider refused the request")
	// ErrBadResponse: the HTTP body is not an OpenAI-compatible reply.
	ErrBadResponse = errors.New("the model provider sent a reply that is not OpenAI-compatible")
)

// InvalidOutputError is a reply that failed JSON parsing or schema
// validation. It never comes with a usable value.
type InvalidOutputError struct {
	Prompt  string // prompt name
	Model   string
	Path    string // JSON path of the first problem, e.g. "$.claims[2].verdict"
	Reason  string
	Content string // the reply, truncated
}

func (e *InvalidOutputError) Error() string {
	loc := ""
	if e.Path != "" {
		loc = " at " + e.Path
	}
	return fmt.Sprintf("%s (prompt %s, model %s)%s: %s", ErrInvalidOutput, e.Prompt, e.Model, loc, e.Reason)
}

func (e *InvalidOutputError) Unwrap() error { return ErrInvalidOutput }

// APIError is a failed HTTP exchange after retries. Kind is one of the
// sentinels above; Message is the provider's message with any key removed.
type APIError struct {
	Kind    error
	Status  int // 0 when no HTTP status was received
	Message string
	Retries int
	Model   string
	Prompt  string
	cause   error
}

func (e *APIError) Error() string {
	var b strings.Builder
	b.WriteString(e.Kind.Error())
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if e.Model != "" {
		fmt.Fprintf(&b, " model %s", e.Model)
	}
	if e.Prompt != "" {
		fmt.Fprintf(&b, " prompt %s", e.Prompt)
	}
	if e.Retries > 0 {
		fmt.Fprintf(&b, " after %d retries", e.Retries)
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	return b.String()
}

// Unwrap exposes both the kind and the cause (e.g. context.DeadlineExceeded).
func (e *APIError) Unwrap() []error {
	if e.cause == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.cause}
}

// kindForStatus maps an HTTP status to its sentinel.
func kindForStatus(status int) error {
	switch {
	case status == 401 || status == 403:
		return ErrAuth
	case status == 404:
		return ErrModelNotFound
	case status == 408:
		return ErrTimeout
	case status == 429:
		return ErrRateLimited
	case status >= 500:
		return ErrServer
	default:
		return ErrBadRequest
	}
}

// Describe turns any error from this package into a sentence a writer can
// act on, without jargon. Unknown errors keep their own text.
func Describe(err error) string {
	var inv *InvalidOutputError
	var wrong *secret.WrongHostError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &wrong):
		return fmt.Sprintf("The saved API key belongs to %s, so it is not sent to %s. Save a key for %s under API key, or change the base URL back.",
			wrong.KeyHost, wrong.Host, wrong.Host)
	case errors.Is(err, ErrInsecureHTTP):
		return "The base URL uses plain http to another computer, which would send the key and your text unencrypted. Use https, or allow insecure http in Settings if the network is trusted."
	case errors.Is(err, ErrCrossOriginRedirect):
		return "The server redirected to another address; the request was not repeated there. Put the final address in the base URL if you trust it."
	case errors.Is(err, ErrNoAPIKey):
		return "No API key is set. Add one under API key, or point the base URL at a local server such as Ollama or LM Studio."
	case errors.As(err, &inv):
		return "The model answered, but not in the expected format. Try a larger or newer model, or one that supports structured output."
	case errors.Is(err, ErrAuth):
		return "The provider refused the API key. Check that the key is correct and belongs to this provider."
	case errors.Is(err, ErrModelNotFound):
		return "The provider does not know this model or address. Check the model name and the base URL (it usually ends in /v1)."
	case errors.Is(err, ErrRateLimited):
		return "The provider is limiting how fast we can send requests, or the account is out of credit. Wait a minute and try again, or lower the number of parallel requests."
	case errors.Is(err, ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return "The model took too long to answer. The server may be overloaded or the model still loading; try again or raise the time limit."
	case errors.Is(err, ErrServer):
		return "The provider had a problem on its side. Try again in a few minutes."
	case errors.Is(err, ErrUnreachable):
		return "Could not reach the server. Check the base URL and that the server (for example Ollama or LM Studio) is running."
	case errors.Is(err, ErrBadResponse):
		return "The server answered, but not like an OpenAI-compatible API. Check that the base URL points at the API (it usually ends in /v1)."
	case errors.Is(err, ErrBadRequest):
		return "The provider refused the request. The model may not support this kind of request (for example structured output)."
	case errors.Is(err, context.Canceled):
		return "The request was cancelled."
	}
	return err.Error()
}

// classifyTransport names an error that produced no HTTP status.
func classifyTransport(err error) error {
	var nerr net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &nerr) && nerr.Timeout():
		return ErrTimeout
	case errors.Is(err, context.Canceled):
		return context.Canceled
	case errors.Is(err, ErrCrossOriginRedirect):
		return ErrCrossOriginRedirect
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	if errors.As(err, &syn) || errors.As(err, &typ) || strings.Contains(err.Error(), "parsing response json") {
		return ErrBadResponse
	}
	return ErrUnreachable
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

func ms(d time.Duration) int64 { return d.Milliseconds() }
