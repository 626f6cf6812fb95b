// Package check is the writer's job "check a draft": it checks a draft's
// claims against the published corpus and its voice against the
// workspace's guidelines, keeps every check in the history, takes the
// writers' 👍/👎 feedback per claim (the triage list, which can become
// golden-set questions), and exports a check as Markdown or self-contained
// HTML. The CLI and the desktop app both call Run, so a check from either
// face stores the same record.
//
// Errors carry no face's wording: callers branch on the sentinels
// (ErrNoKey, ErrNotFound, ErrInvalid, ErrTooLarge, ...) and say the way out
// in their own terms.
package check
