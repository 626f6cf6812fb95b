// Package httpapi is `continuity serve`: the team server's JSON API under
// /api/v1, a face over the same use-case packages as the desktop, the CLI
// and the MCP server, with no logic of its own beyond who may call what.
//
// Every request under /api/v1 names its caller with a bearer token; the
// caller's role decides the actions (team.Role.Can) and their grants the
// workspaces. Writes are audit-logged after they commit. Request bodies
// are size-limited and every token is rate-limited. /healthz and /metrics
// (Prometheus text format) are for the operator and need no token;
// /api/v1/openapi.yaml documents the API and a test keeps it true.
package httpapi
