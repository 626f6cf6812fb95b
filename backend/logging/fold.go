package logging

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// MinSecretLen is the shortest value treated as a secret: scrubbing "a"
// would mangle every line.
const MinSecretLen = 6

// ScrubString returns s with every occurrence of secret replaced by
// Redacted, in any ASCII letter case: a provider that upper-cases an
// echoed key (or a proxy that lower-cases it) must not slip it through.
func ScrubString(s, secret string) string {
	if len(secret) < MinSecretLen {
		return s
	}
	return string(replaceFold([]byte(s), []byte(secret)))
}

// replaceFold replaces secret in p ignoring ASCII case. ASCII folding keeps
// byte offsets identical between p and its folded copy, so the match
// positions apply to p; API keys are ASCII, and non-ASCII bytes must match
// exactly, which also keeps invalid UTF-8 safe.
func replaceFold(p, secret []byte) []byte {
	lp, ls := asciiLower(p), asciiLower(secret)
	if !bytes.Contains(lp, ls) {
		return p
	}
	out := make([]byte, 0, len(p))
	for i := 0; ; {
		j := bytes.Index(lp[i:], ls)
		if j < 0 {
			return append(out, p[i:]...)
		}
		out = append(append(out, p[i:i+j]...), Redacted...)
		i += j + len(ls)
	}
}

func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return out
}

// jsonForms are s as it appears inside a JSON string when that differs
// from s: escaped by slog and encoding/json without HTML escaping, and by
// json.Marshal with it. A JSON line must not carry the secret escaped.
func jsonForms(s string) []string {
	var out []string
	for _, html := range []bool{false, true} {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(html)
		if enc.Encode(s) != nil {
			continue
		}
		e := strings.TrimSuffix(b.String(), "\n")
		e = e[1 : len(e)-1]
		if e != s && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}
