// Package llm is the only package that talks to a model. It wraps openai-go
// (any OpenAI-compatible endpoint) behind a provider-neutral request type,
// validates structured replies, retries, accounts for every call and keeps
// untrusted text fenced. Consumers declare their own small interfaces, e.g.
//
//	type completer interface {
//		CompleteJSON(ctx context.Context, req llm.Request, out any) (llm.Response, error)
//	}
package llm
