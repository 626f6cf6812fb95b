package target

import (
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// Question is what a target is asked: the placeholders of its templates.
type Question struct {
	ID, Text, Category string
}

var (
	placeholder = regexp.MustCompile(`\{\{\s*([^{}]*?)\s*\}\}`)
	envRef      = regexp.MustCompile(`\$\{([^}]*)\}`)
	envName     = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// value is a placeholder's text for q.
func (q Question) value(name string) string {
	switch name {
	case "question":
		return q.Text
	case "id":
		return q.ID
	}
	return q.Category
}

// checkPlaceholders refuses {{name}} other than question, id and category.
func (p *parser) checkPlaceholders(where string, v *yaml.Node, s string) error {
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		switch m[1] {
		case "question", "id", "category":
		default:
			return p.errf(v, "%s: unknown placeholder {{%s}} (known: {{question}}, {{id}}, {{category}})", where, m[1])
		}
	}
	return nil
}

// checkEnv refuses ${...} that does not name a variable.
func (p *parser) checkEnv(where string, v *yaml.Node, s string) error {
	for _, m := range envRef.FindAllStringSubmatch(s, -1) {
		if !envName.MatchString(m[1]) {
			return p.errf(v, "%s: ${%s} is not an environment variable name", where, m[1])
		}
	}
	return nil
}

func (p *parser) url(v *yaml.Node) error {
	s, err := p.str("url", v)
	if err != nil {
		return err
	}
	s = strings.TrimSpace(s)
	if err := p.checkPlaceholders("url", v, s); err != nil {
		return err
	}
	if err := p.checkEnv("url", v, s); err != nil {
		return err
	}
	u, err := url.Parse(envRef.ReplaceAllString(placeholder.ReplaceAllString(s, "x"), "x"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return p.errf(v, "url %q is not an http:// or https:// address", SafeURL(s))
	}
	if u.Scheme == "http" && !loopback(u.Hostname()) {
		p.cfg.Warnings = append(p.cfg.Warnings, fmt.Sprintf("%s: url uses plain http to %s: the request and its headers travel unencrypted", p.name, u.Hostname()))
	}
	p.cfg.URL = s
	return nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (p *parser) headers(v *yaml.Node) error {
	if v.Kind != yaml.MappingNode {
		return p.errf(v, "headers must be a mapping of header names to values, not a %s", kindName(v))
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if k.Kind != yaml.ScalarNode || !validHeaderName(k.Value) {
			return p.errf(k, "header name %q is not a valid HTTP header name", k.Value)
		}
		if seen[strings.ToLower(k.Value)] {
			return p.errf(k, "header %q is given twice", k.Value)
		}
		seen[strings.ToLower(k.Value)] = true
		if val.Kind != yaml.ScalarNode || val.Tag == "!!null" {
			return p.errf(val, "header %s must have a text value, not a %s", k.Value, kindName(val))
		}
		if strings.ContainsAny(val.Value, "\r\n") {
			return p.errf(val, "header %s: a value cannot span lines", k.Value)
		}
		if err := p.checkEnv("header "+k.Value, val, val.Value); err != nil {
			return err
		}
		if err := p.checkPlaceholders("header "+k.Value, val, val.Value); err != nil {
			return err
		}
		p.cfg.Headers = append(p.cfg.Headers, Header{Name: k.Value, Value: val.Value})
	}
	return nil
}

func validHeaderName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r > 0x7e || r <= ' ' || strings.ContainsRune("\"(),/:;<=>?@[\\]{}", r) {
			return false
		}
	}
	return true
}

// body accepts a YAML mapping or list (sent as JSON) or a JSON text. Each
// placeholder must sit inside a JSON string, where it is replaced by the
// JSON-escaped value.
func (p *parser) body(v *yaml.Node) error {
	var text string
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil
		}
		text = v.Value
	case yaml.MappingNode, yaml.SequenceNode:
		budget := maxBodyNodes
		val, err := p.plain(v, &budget)
		if err != nil {
			return err
		}
		b, err := marshal(val)
		if err != nil {
			return p.errf(v, "body cannot be sent as JSON: %v", err)
		}
		text = string(b)
	default:
		return p.errf(v, "body must be a mapping or a JSON text, not a %s", kindName(v))
	}
	if err := p.checkPlaceholders("body", v, text); err != nil {
		return err
	}
	probe := Question{ID: `i"d\`, Text: "q\"uo\nte\\", Category: `c"`}
	if !json.Valid([]byte(renderBody(text, probe))) {
		return p.errf(v, "body is not valid JSON once {{question}}, {{id}} and {{category}} are filled in (a placeholder must sit inside a JSON string, e.g. \"q\": \"{{question}}\")")
	}
	p.cfg.Body = text
	return nil
}

// plain turns a YAML node into JSON-ready values, refusing aliases and
// anything past budget nodes.
func (p *parser) plain(n *yaml.Node, budget *int) (any, error) {
	if *budget--; *budget < 0 {
		return nil, p.errf(n, "body is too large (over %d values)", maxBodyNodes)
	}
	switch n.Kind {
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return nil, p.errf(k, "body: keys must be text")
			}
			if _, dup := m[k.Value]; dup {
				return nil, p.errf(k, "body: key %q is given twice", k.Value)
			}
			v, err := p.plain(n.Content[i+1], budget)
			if err != nil {
				return nil, err
			}
			m[k.Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := p.plain(c, budget)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, p.errf(n, "body: %v", err)
		}
		if _, isMap := v.(map[string]any); isMap {
			return nil, p.errf(n, "body: unsupported value")
		}
		return v, nil
	}
	return nil, p.errf(n, "body: anchors and aliases are not supported")
}

func marshal(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}

// renderBody fills the placeholders of a JSON text template, JSON-escaped.
func renderBody(tmpl string, q Question) string {
	return placeholder.ReplaceAllStringFunc(tmpl, func(m string) string {
		b, _ := marshal(q.value(placeholder.FindStringSubmatch(m)[1])) // a string always marshals
		return strings.TrimSuffix(strings.TrimPrefix(string(b), `"`), `"`)
	})
}

// renderURL fills the placeholders of the url template, percent-encoded.
func renderURL(tmpl string, q Question) string {
	return placeholder.ReplaceAllStringFunc(tmpl, func(m string) string {
		return strings.ReplaceAll(url.QueryEscape(q.value(placeholder.FindStringSubmatch(m)[1])), "+", "%20")
	})
}

// renderHeader fills a header's placeholders as they are.
func renderHeader(tmpl string, q Question) string {
	return placeholder.ReplaceAllStringFunc(tmpl, func(m string) string {
		return strings.NewReplacer("\r", " ", "\n", " ").Replace(q.value(placeholder.FindStringSubmatch(m)[1]))
	})
}

// EnvNames are the environment variables the url and headers reference.
func (c *Config) EnvNames() []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		for _, m := range envRef.FindAllStringSubmatch(s, -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				out = append(out, m[1])
			}
		}
	}
	add(c.URL)
	for _, h := range c.Headers {
		add(h.Value)
	}
	return out
}

// expandEnv replaces ${VAR} with getenv(VAR).
func expandEnv(s string, getenv func(string) string) string {
	return envRef.ReplaceAllStringFunc(s, func(m string) string { return getenv(m[2 : len(m)-1]) })
}

// SafeURL is raw as a run may record it: no user info, query or
// fragment, so no credential carried in the address is kept. Templates
// ({{question}}, ${VAR}) are kept as written.
func SafeURL(raw string) string {
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		raw = raw[:i]
	}
	rest, scheme := raw, ""
	if i := strings.Index(raw, "://"); i >= 0 {
		scheme, rest = raw[:i+3], raw[i+3:]
	}
	host, path := rest, ""
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		host, path = rest[:i], rest[i:]
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	return scheme + host + path
}
