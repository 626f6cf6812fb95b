// Package vale loads a Vale configuration (.vale.ini, its styles' YAML
// rules and vocabularies) as voice rules with Vale's own semantics.
// Whatever Continuity cannot run — a rule kind, a key, a scope, a pattern
// RE2 cannot compile — is reported once as a Warning with its file and
// line, never dropped silently.
package vale
