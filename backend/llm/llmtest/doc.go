// Package llmtest is an OpenAI-compatible HTTP server on 127.0.0.1 for
// tests and benchmarks of every LLM path. It speaks POST /v1/chat/completions
// and POST /v1/embeddings, answers from a script, and records every request.
//
// Start one per test (it closes with the test):
//
//	srv := llmtest.New(t)
//	cfg := llm.Config{BaseURL: srv.URL, APIKey: "test", Models: llm.Models{Answer: "m"}}
//
// srv.URL already ends in /v1. For a standalone process use Start("127.0.0.1:0")
// and Close.
//
// # Script
//
// On(match, replies...) adds a rule. Rules are tried in the order added;
// the first whose Matcher accepts the request answers with its next reply.
// Replies are used in order and the last one repeats, so
//
//	srv.On(llmtest.Contains("refund"), llmtest.Burst(2, 429, "1")...) // then falls through
//	srv.On(llmtest.Schema("claims_verify"),
//		llmtest.Reply{Status: 503},
//		llmtest.Reply{JSON: map[string]any{"verdict": "supported"}})
//
// answers 503 once and then the JSON forever. Use Reply.Times to limit a
// reply to n uses; a rule whose replies are all used up no longer matches.
// Burst(n, status, retryAfter) returns n error replies with Times 1 each.
//
// Matchers: Any(), Contains(s) (any message content or embedding input),
// Schema(name) (json_schema response format name), Model(m), Endpoint(e)
// ("chat" or "embeddings"), Prompt(func(Request) bool) for anything else,
// and All(m...) to combine.
//
// Reply fields:
//   - Content or JSON: the assistant message (JSON is marshalled into Content);
//     a malformed-JSON reply is just Content: `{"verdict": "supp`;
//     a missing field is a JSON map without it.
//   - Status (+ Message, RetryAfter, RetryAfterMs): an error reply with an
//     OpenAI-style error body and the Retry-After header.
//   - Delay: latency before answering (Server.Latency adds to every reply).
//   - Hang: never answer; the handler waits for the client to give up or
//     the server to close, which is how deadline tests are written.
//   - RawBody: the HTTP body verbatim (a body that is not OpenAI JSON).
//   - Usage / NoUsage: override or omit the usage block. By default usage is
//     prompt_tokens = ceil(chars of all messages / 4), completion_tokens =
//     ceil(chars of the reply / 4), so tests can predict totals.
//   - Model: the model name to report (default: the requested one).
//   - Vectors: embeddings to return; by default each input gets a
//     deterministic unit vector of Server.Dims (8) floats from its hash.
//
// Unmatched chat requests without a schema get "ok"; unmatched structured
// requests get HTTP 501 with a message naming the schema, so a missing
// script fails loudly. Unmatched embedding requests get the default vectors.
//
// # Recording
//
// Requests() returns every request received, in order: Endpoint, Model,
// Messages, SchemaName, Schema, Strict, Input (embeddings), Header (as sent,
// including Authorization: keep it out of logs), Query and the raw Body.
// Count(m) counts those a matcher accepts; Reset clears rules and records.
package llmtest
