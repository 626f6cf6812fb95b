// Package checks keeps the history of draft checks, the writers' 👍/👎
// feedback per claim (the triage list), and exports a check as Markdown or
// self-contained HTML.
package checks
