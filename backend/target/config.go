package target

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/theory/jsonpath"
	"gopkg.in/yaml.v3"
)

// Defaults and limits of a target file.
const (
	DefaultTimeout     = 30 * time.Second
	DefaultConcurrency = 4
	DefaultRetries     = 2
	MaxConcurrency     = 64
	MaxRetries         = 10
	MaxTimeout         = 10 * time.Minute
	maxConfigBytes     = 1 << 20
	maxBodyNodes       = 10_000
)

// KindHTTP is the one kind of target file.
const KindHTTP = "http"

// Header is one request header; Value may hold ${VAR} references that are
// expanded at request time and never kept.
type Header struct {
	Name, Value string
}

// Config is a parsed target file. It holds templates and variable names,
// never the values of the variables.
type Config struct {
	File        string // base name, for messages and the run record
	SHA256      string // of the file's bytes
	URL         string // template: {{question}}, {{id}}, {{category}} and ${VAR}
	Method      string
	Headers     []Header
	Body        string // JSON text template; "" sends no body
	Answer      *jsonpath.Path
	AnswerExpr  string         // the answer path as written, for messages
	Contexts    *jsonpath.Path // nil: the target reports no context texts
	ContextIDs  *jsonpath.Path // nil: the target reports no context ids
	Refusal     *regexp.Regexp // nil: refusals cannot be recognised
	Timeout     time.Duration
	Concurrency int
	Retries     int
	// FollowRedirects is RedirectsNever (default) or RedirectsSameOrigin.
	FollowRedirects string
	Warnings        []string
}

// Load reads and parses a target file.
func Load(ctx context.Context, path string) (*Config, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	name := filepath.Base(path)
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("target file: %w", err)
	}
	if st.Size() > maxConfigBytes {
		return nil, &ConfigError{File: name, Msg: fmt.Sprintf("file is %d bytes; the limit is %d", st.Size(), maxConfigBytes)}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("target file: %w", err)
	}
	return Parse(name, data)
}

// Parse reads a target file's YAML. Unknown keys, wrong types and bad
// templates are *ConfigError with their line; a missing url or answer
// names the line of the mapping that lacks it.
func Parse(name string, data []byte) (*Config, error) {
	if len(data) > maxConfigBytes {
		return nil, &ConfigError{File: name, Msg: fmt.Sprintf("file is %d bytes; the limit is %d", len(data), maxConfigBytes)}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, &ConfigError{File: name, Line: yamlErrorLine(err), Msg: "not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, &ConfigError{File: name, Msg: "the file is empty; it needs at least url and answer"}
	}
	sum := sha256.Sum256(data)
	p := &parser{name: name, cfg: &Config{File: name, SHA256: hex.EncodeToString(sum[:]), Method: "POST",
		Timeout: DefaultTimeout, Concurrency: DefaultConcurrency, Retries: DefaultRetries, FollowRedirects: RedirectsNever}}
	if err := p.parse(doc.Content[0]); err != nil {
		return nil, err
	}
	return p.cfg, nil
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

func yamlErrorLine(err error) int {
	m := yamlLine.FindStringSubmatch(err.Error())
	if m == nil {
		return 0
	}
	n := 0
	_, _ = fmt.Sscanf(m[1], "%d", &n)
	return n
}

type parser struct {
	name string
	cfg  *Config
}

func (p *parser) errf(n *yaml.Node, format string, args ...any) error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &ConfigError{File: p.name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// fields are the keys a target file may have, in the order they are checked.
var fields = []string{"kind", "url", "method", "headers", "body", "answer", "contexts", "context_ids",
	"refusal", "timeout", "concurrency", "retries", "follow_redirects"}

func (p *parser) parse(root *yaml.Node) error {
	if root.Kind != yaml.MappingNode {
		return p.errf(root, "the file must be a mapping of keys (url, answer, ...), not a %s", kindName(root))
	}
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return p.errf(k, "keys must be plain names")
		}
		if !known(k.Value) {
			return p.errf(k, "unknown key %q (known: %s)", k.Value, strings.Join(fields, ", "))
		}
		if prev, dup := seen[k.Value]; dup {
			return p.errf(k, "key %q is given twice (first on line %d)", k.Value, prev.Line)
		}
		seen[k.Value] = k
		if err := p.field(k.Value, v); err != nil {
			return err
		}
	}
	switch {
	case seen["url"] == nil:
		return p.errf(root, "missing url (the endpoint to ask, e.g. url: http://127.0.0.1:8080/ask)")
	case seen["answer"] == nil:
		return p.errf(root, "missing answer (a JSONPath to the answer text in the reply, e.g. answer: $.answer)")
	case p.cfg.Body != "" && p.cfg.Method == "GET":
		return p.errf(seen["body"], "a GET request has no body; put {{question}} in the url or use method: POST")
	}
	return nil
}

func known(k string) bool {
	for _, f := range fields {
		if f == k {
			return true
		}
	}
	return false
}

func (p *parser) field(key string, v *yaml.Node) error {
	switch key {
	case "kind":
		s, err := p.str(key, v)
		if err == nil && s != KindHTTP {
			err = p.errf(v, "kind %q is not supported (want %s)", s, KindHTTP)
		}
		return err
	case "url":
		return p.url(v)
	case "method":
		s, err := p.str(key, v)
		if err != nil {
			return err
		}
		switch m := strings.ToUpper(s); m {
		case "GET", "POST", "PUT", "PATCH":
			p.cfg.Method = m
			return nil
		}
		return p.errf(v, "method %q is not supported (want GET, POST, PUT or PATCH)", s)
	case "headers":
		return p.headers(v)
	case "body":
		return p.body(v)
	case "answer", "contexts", "context_ids":
		return p.path(key, v)
	case "refusal":
		s, err := p.str(key, v)
		if err != nil {
			return err
		}
		re, err := regexp.Compile(s)
		if err != nil {
			return p.errf(v, "refusal is not a valid regular expression: %v", err)
		}
		p.cfg.Refusal = re
		return nil
	case "timeout":
		return p.timeout(v)
	case "follow_redirects":
		return p.followRedirects(v)
	}
	return p.count(key, v) // concurrency, retries
}

func (p *parser) str(key string, v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		return "", p.errf(v, "%s must be a text value, not a %s", key, kindName(v))
	}
	return v.Value, nil
}

func (p *parser) path(key string, v *yaml.Node) error {
	s, err := p.str(key, v)
	if err != nil {
		return err
	}
	jp, err := jsonpath.Parse(strings.TrimSpace(s))
	if err != nil {
		return p.errf(v, "%s is not a valid JSONPath (RFC 9535, e.g. $.sources[*].text): %v", key, err)
	}
	switch key {
	case "answer":
		p.cfg.Answer, p.cfg.AnswerExpr = jp, strings.TrimSpace(s)
	case "contexts":
		p.cfg.Contexts = jp
	default:
		p.cfg.ContextIDs = jp
	}
	return nil
}

func (p *parser) timeout(v *yaml.Node) error {
	if v.Kind != yaml.ScalarNode {
		return p.errf(v, "timeout must be a duration such as 30s, not a %s", kindName(v))
	}
	d, err := time.ParseDuration(v.Value)
	if err != nil {
		var secs int
		if _, serr := fmt.Sscanf(v.Value, "%d", &secs); serr != nil || fmt.Sprint(secs) != v.Value {
			return p.errf(v, "timeout %q is not a duration such as 30s or 2m", v.Value)
		}
		d = time.Duration(secs) * time.Second
	}
	if d <= 0 || d > MaxTimeout {
		return p.errf(v, "timeout must be more than 0 and at most %s, got %s", MaxTimeout, d)
	}
	p.cfg.Timeout = d
	return nil
}

func (p *parser) count(key string, v *yaml.Node) error {
	lo, hi := 1, MaxConcurrency
	if key == "retries" {
		lo, hi = 0, MaxRetries
	}
	var n int
	if v.Kind != yaml.ScalarNode || v.Tag != "!!int" || v.Decode(&n) != nil || n < lo || n > hi {
		return p.errf(v, "%s must be a whole number from %d to %d, got %q", key, lo, hi, v.Value)
	}
	if key == "retries" {
		p.cfg.Retries = n
	} else {
		p.cfg.Concurrency = n
	}
	return nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	case yaml.AliasNode:
		return "alias"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "null"
		}
		return "scalar"
	}
	return "document"
}
