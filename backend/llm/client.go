package llm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"continuity/backend/logging"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// Client calls one OpenAI-compatible endpoint. It is safe for concurrent
// use; WithJob returns a view that shares everything but the job tag.
type Client struct {
	*core
	job string
}

type core struct {
	cfg    Config
	sdk    openai.Client
	sem    chan struct{}
	limit  *limiter
	ledger *Ledger
	audit  *auditLog
	log    *slog.Logger
}

// New validates cfg and builds a client. A missing key for a remote
// endpoint is ErrNoAPIKey.
func New(cfg Config) (*Client, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	// The SDK's own retries are off: ours count attempts, cap Retry-After
	// and give every attempt a deadline. Explicit base URL and key override
	// the SDK's OPENAI_* environment defaults, so no hidden client exists.
	limit := newLimiter(cfg)
	opts := []option.RequestOption{
		// every response, errors included, tells the limiter what the
		// server has left
		option.WithMiddleware(func(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
			resp, err := next(req)
			if resp != nil {
				limit.observe(resp.StatusCode, resp.Header)
			}
			return resp, err
		}),
		option.WithBaseURL(cfg.BaseURL),
		option.WithAPIKey(cfg.APIKey),
		option.WithHTTPClient(cfg.HTTPClient),
		option.WithMaxRetries(0),
	}
	if isAzure(cfg.BaseURL) && cfg.APIKey != "" {
		opts = append(opts, option.WithHeader("api-key", cfg.APIKey))
	}
	ledger, err := newLedger(context.Background(), cfg.Prices, cfg.Store)
	if err != nil {
		return nil, err
	}
	var audit *auditLog
	if cfg.AuditDir != "" {
		if audit, err = openAudit(cfg.AuditDir, cfg.APIKey); err != nil {
			return nil, err
		}
	}
	c := &core{cfg: cfg, sdk: openai.NewClient(opts...), sem: make(chan struct{}, cfg.MaxConcurrency), limit: limit,
		ledger: ledger, audit: audit, log: cfg.Logger.With("component", "llm")}
	return &Client{core: c}, nil
}

// WithJob returns a view of c whose calls are tagged with job in the
// ledger, so per-job totals can be summed.
func (c *Client) WithJob(job string) *Client { return &Client{core: c.core, job: job} }

// Job is the tag set by WithJob.
func (c *Client) Job() string { return c.job }

// Model is the configured model for role.
func (c *Client) Model(role Role) string {
	switch role {
	case RoleJudge:
		if c.cfg.Models.Judge != "" {
			return c.cfg.Models.Judge
		}
	case RoleEmbedding:
		return c.cfg.Models.Embedding
	}
	return c.cfg.Models.Answer
}

// Ledger holds the accounting of every call made through c.
func (c *Client) Ledger() *Ledger { return c.ledger }

// BaseURL is the endpoint in use.
func (c *Client) BaseURL() string { return c.cfg.BaseURL }

// Close releases the audit file.
func (c *Client) Close() error {
	if c.audit != nil {
		return c.audit.close()
	}
	return nil
}

// Complete runs a chat completion and returns the reply text.
func (c *Client) Complete(ctx context.Context, req Request) (Response, error) {
	resp, err := c.complete(ctx, req)
	c.record(req, resp, err)
	return resp, err
}

func (c *Client) complete(ctx context.Context, req Request) (Response, error) {
	if req.Role == "" {
		req.Role = RoleAnswer
	}
	model := c.Model(req.Role)
	resp := Response{Model: model, Role: req.Role, Prompt: req.Prompt, PromptVersion: req.PromptVersion}
	if model == "" {
		return resp, fmt.Errorf("llm: no model configured for role %s", req.Role)
	}
	params, err := chatParams(model, req)
	if err != nil {
		return resp, err
	}
	opts := c.azureOptions(model)
	var out *openai.ChatCompletion
	// Latency is the server's time on the last attempt: the wait for a
	// call slot and the rate limiter is queueing, and estimates built from
	// the ledger's medians would count it twice.
	var start time.Time
	resp.Retries, err = c.run(ctx, model, req.Prompt, requestTokens(req), func(actx context.Context) error {
		var e error
		start = time.Now()
		out, e = c.sdk.Chat.Completions.New(actx, params, opts...)
		return e
	})
	if !start.IsZero() {
		resp.Latency = time.Since(start)
	}
	if err != nil {
		return resp, err
	}
	if out == nil || len(out.Choices) == 0 {
		return resp, &APIError{Kind: ErrBadResponse, Message: "reply has no choices", Model: model, Prompt: req.Prompt, Retries: resp.Retries}
	}
	if out.Model != "" {
		resp.Model = out.Model
	}
	resp.Content = out.Choices[0].Message.Content
	if out.JSON.Usage.Valid() {
		resp.UsageReported = true
		resp.Usage = Usage{InputTokens: int(out.Usage.PromptTokens), OutputTokens: int(out.Usage.CompletionTokens)}
	}
	if r := out.Choices[0].Message.Refusal; r != "" && resp.Content == "" {
		return resp, &APIError{Kind: ErrBadRequest, Message: "the model refused: " + truncate(r, 300), Model: model, Prompt: req.Prompt}
	}
	return resp, nil
}

func chatParams(model string, req Request) (openai.ChatCompletionNewParams, error) {
	p := openai.ChatCompletionNewParams{Model: model}
	for i, m := range req.Messages {
		switch m.Role {
		case "system":
			p.Messages = append(p.Messages, openai.SystemMessage(m.Content))
		case "user":
			p.Messages = append(p.Messages, openai.UserMessage(m.Content))
		case "assistant":
			p.Messages = append(p.Messages, openai.AssistantMessage(m.Content))
		default:
			return p, fmt.Errorf("llm: prompt %s message %d: role %q is not system, user or assistant", req.Prompt, i, m.Role)
		}
	}
	if len(p.Messages) == 0 {
		return p, fmt.Errorf("llm: prompt %s has no messages", req.Prompt)
	}
	if req.Temperature != nil {
		p.Temperature = openai.Float(*req.Temperature)
	}
	if req.MaxTokens > 0 {
		p.MaxTokens = openai.Int(int64(req.MaxTokens))
	}
	if req.Schema != nil {
		p.ResponseFormat = jsonSchemaFormat(*req.Schema)
	}
	return p, nil
}

// azureOptions routes classic Azure deployments: the model name is the
// deployment, api-version is a query parameter and the key an api-key
// header instead of a bearer token.
func (c *Client) azureOptions(model string) []option.RequestOption {
	if c.cfg.APIVersion == "" {
		return nil
	}
	base := strings.TrimSuffix(c.cfg.BaseURL, "/") + "/openai/deployments/" + url.PathEscape(model)
	return []option.RequestOption{option.WithBaseURL(base), option.WithQuery("api-version", c.cfg.APIVersion),
		option.WithAPIKey(""), option.WithHeader("api-key", c.cfg.APIKey)}
}

func isAzure(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	h := strings.ToLower(u.Hostname())
	return strings.HasSuffix(h, ".azure.com") || strings.HasSuffix(h, ".azure-api.net")
}

// requestTokens is what a chat call draws from a tokens-per-minute
// budget: its prompt and the reply it may get.
func requestTokens(req Request) int {
	n := req.MaxTokens
	for _, m := range req.Messages {
		n += EstimateTokens(m.Content)
	}
	return n
}

// run holds a concurrency slot and makes attempts until one succeeds, the
// error is final, retries are used up or ctx ends. Each attempt waits for
// the rate limiter and has its own deadline.
func (c *Client) run(ctx context.Context, model, prompt string, tokens int, attempt func(context.Context) error) (int, error) {
	select {
	case c.sem <- struct{}{}:
	case <-ctx.Done():
		return 0, &APIError{Kind: classifyTransport(ctx.Err()), Model: model, Prompt: prompt, cause: ctx.Err()}
	}
	defer func() { <-c.sem }()
	for n := 0; ; n++ {
		if err := c.limit.wait(ctx, tokens); err != nil {
			return n, &APIError{Kind: classifyTransport(err), Model: model, Prompt: prompt, Retries: n, cause: err}
		}
		actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
		err := attempt(actx)
		cancel()
		if err == nil {
			return n, nil
		}
		status, header, msg := inspect(err)
		// Scrub before truncating: a cut through the key would leave a
		// prefix that no longer matches it.
		msg = truncate(c.scrub(msg), 500)
		kind := kindForStatus(status)
		if status == 0 {
			kind = classifyTransport(err)
		}
		if errors.Is(kind, ErrTimeout) && status == 0 {
			msg = fmt.Sprintf("no answer within %s", c.cfg.Timeout)
		}
		again := (status != 0 && retryable(status)) || errors.Is(kind, ErrTimeout) || errors.Is(kind, ErrUnreachable)
		if ctx.Err() != nil || !again || n >= c.cfg.MaxRetries {
			if ctx.Err() != nil {
				kind = classifyTransport(ctx.Err())
			}
			return n, &APIError{Kind: kind, Status: status, Message: msg, Retries: n, Model: model, Prompt: prompt, cause: err}
		}
		wait := c.cfg.backoff(n, header)
		c.log.Debug("llm retry", "model", model, "prompt", prompt, "status", status, "attempt", n+1, "wait_ms", ms(wait))
		if err := c.cfg.clock.Sleep(ctx, wait); err != nil {
			return n, &APIError{Kind: classifyTransport(err), Status: status, Message: msg, Retries: n, Model: model, Prompt: prompt, cause: err}
		}
	}
}

// inspect pulls status, headers and the provider's message from an SDK
// error. Error() of the SDK type is avoided: it may echo request details.
func inspect(err error) (int, http.Header, string) {
	var apiErr *openai.Error
	if errors.As(err, &apiErr) {
		var h http.Header
		if apiErr.Response != nil {
			h = apiErr.Response.Header
		}
		return apiErr.StatusCode, h, apiErr.Message
	}
	return 0, nil, err.Error()
}

// scrub removes the API key, in any letter case, from text headed for
// logs, files or the DB.
func (c *core) scrub(s string) string { return logging.ScrubString(s, c.cfg.APIKey) }
