// Package mcpserver serves Continuity's use cases to AI assistants over
// the Model Context Protocol: search the published corpus, check a draft's
// claims and voice, lint voice, read documents and list golden sets.
//
// Everything a client sends is data. A draft is checked as text by the
// same engines the CLI and the desktop use (the LLM engine fences it as
// untrusted), never followed; and the server is read-only unless it was
// started with writes allowed, when checks go to the history like the
// CLI's.
package mcpserver
