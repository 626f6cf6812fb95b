// Package target is what answers golden questions when the team's own
// assistant is evaluated: an HTTP endpoint described by a YAML file, or a
// file of recorded responses (JSONL, CSV or .xlsx).
package target
