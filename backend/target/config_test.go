package target

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

const example = `kind: http
url: http://127.0.0.1:8080/ask
method: POST
headers: {Authorization: "Bearer ${SUPPORT_BOT_TOKEN}"}
body: {"question": "{{question}}", "session": "eval-{{id}}"}
answer: $.answer
contexts: $.sources[*].text
context_ids: $.sources[*].id
timeout: 30s
concurrency: 4
`

func TestParseExample(t *testing.T) {
	t.Parallel()
	cfg, err := Parse("bot.yaml", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.URL != "http://127.0.0.1:8080/ask" || cfg.Method != "POST" || cfg.Timeout != 30*time.Second || cfg.Concurrency != 4 || cfg.Retries != DefaultRetries {
		t.Fatalf("cfg = %+v", cfg)
	}
	if len(cfg.Headers) != 1 || cfg.Headers[0] != (Header{"Authorization", "Bearer ${SUPPORT_BOT_TOKEN}"}) {
		t.Fatalf("headers = %+v", cfg.Headers)
	}
	if got := renderBody(cfg.Body, Question{ID: "Q1", Text: `say "hi"` + "\n"}); got != `{"question":"say \"hi\"\n","session":"eval-Q1"}` {
		t.Fatalf("body = %s", got)
	}
	if cfg.AnswerExpr != "$.answer" || cfg.Contexts == nil || cfg.ContextIDs == nil || cfg.Refusal != nil {
		t.Fatalf("paths = %v %v %v", cfg.Answer, cfg.Contexts, cfg.ContextIDs)
	}
	if names := cfg.EnvNames(); len(names) != 1 || names[0] != "SUPPORT_BOT_TOKEN" {
		t.Fatalf("env names = %v", names)
	}
	if len(cfg.SHA256) != 64 || len(cfg.Warnings) != 0 {
		t.Fatalf("sha %q, warnings %v", cfg.SHA256, cfg.Warnings)
	}
}

func TestParseErrorsAreLocated(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, yaml string
		line       int
		want       string
	}{
		{"unknown key", "url: http://x/a\nanswer: $.a\nanswr_path: $.b\n", 3, `unknown key "answr_path"`},
		{"missing url", "method: POST\nanswer: $.a\n", 1, "missing url"},
		{"missing answer", "\nurl: http://x/a\ncontexts: $.c\n", 2, "missing answer"},
		{"bad jsonpath", "url: http://x/a\nanswer: answer\n", 2, "not a valid JSONPath"},
		{"bad url", "url: ftp://x/a\nanswer: $.a\n", 1, "not an http:// or https:// address"},
		{"bad method", "url: http://x/a\nmethod: DELETE\nanswer: $.a\n", 2, `method "DELETE" is not supported`},
		{"unknown placeholder", "url: http://x/a\nanswer: $.a\nbody: {\"q\": \"{{query}}\"}\n", 3, "unknown placeholder {{query}}"},
		{"placeholder outside a string", "url: http://x/a\nanswer: $.a\nbody: '{\"q\": {{question}}}'\n", 3, "must sit inside a JSON string"},
		{"bad env name", "url: http://x/a\nanswer: $.a\nheaders:\n  X-Key: ${1BAD}\n", 4, "not an environment variable name"},
		{"bad timeout", "url: http://x/a\nanswer: $.a\ntimeout: soon\n", 3, `timeout "soon"`},
		{"concurrency range", "url: http://x/a\nanswer: $.a\nconcurrency: 0\n", 3, "concurrency must be a whole number from 1 to 64"},
		{"retries type", "url: http://x/a\nanswer: $.a\nretries: two\n", 3, "retries must be a whole number"},
		{"duplicate key", "url: http://x/a\nanswer: $.a\nanswer: $.b\n", 3, `key "answer" is given twice (first on line 2)`},
		{"bad regex", "url: http://x/a\nanswer: $.a\nrefusal: '('\n", 3, "refusal is not a valid regular expression"},
		{"not a mapping", "- url\n", 1, "must be a mapping"},
		{"wrong kind", "kind: grpc\nurl: http://x/a\nanswer: $.a\n", 1, `kind "grpc" is not supported`},
		{"get with a body", "url: http://x/a\nmethod: GET\nanswer: $.a\nbody: {q: x}\n", 4, "a GET request has no body"},
		{"header list", "url: http://x/a\nanswer: $.a\nheaders: [a, b]\n", 3, "headers must be a mapping"},
		{"unknown key with an anchor", "url: http://x/a\nanswer: $.a\nx: &a 1\n", 3, `unknown key "x"`},
		{"alias in body", "url: http://x/a\nanswer: $.a\nbody: {a: &x 1, b: *x}\n", 3, "anchors and aliases are not supported"},
		{"invalid yaml", "url: [\n", 0, "not valid YAML"},
		{"empty", "", 0, "the file is empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse("bot.yaml", []byte(c.yaml))
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a *ConfigError", err)
			}
			if (c.line > 0 && ce.Line != c.line) || !strings.Contains(ce.Msg, c.want) || ce.File != "bot.yaml" {
				t.Fatalf("err = %q (line %d), want line %d and %q", err, ce.Line, c.line, c.want)
			}
		})
	}
}

func TestParseOptions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, yaml string
		check      func(*Config) bool
	}{
		{"defaults", "url: https://bot.example/ask\nanswer: $.a\n", func(c *Config) bool {
			return c.Method == "POST" && c.Timeout == DefaultTimeout && c.Concurrency == DefaultConcurrency && c.Body == "" && len(c.Warnings) == 0
		}},
		{"timeout in seconds", "url: http://x/a\nanswer: $.a\ntimeout: 5\n", func(c *Config) bool { return c.Timeout == 5*time.Second }},
		{"get with the question in the url", "url: http://localhost/a?q={{question}}\nmethod: get\nanswer: $.a\n", func(c *Config) bool {
			return c.Method == "GET" && renderURL(c.URL, Question{Text: "a b&c"}) == "http://localhost/a?q=a%20b%26c"
		}},
		{"plain http to another host warns", "url: http://bot.example/ask\nanswer: $.a\n", func(c *Config) bool {
			return len(c.Warnings) == 1 && strings.Contains(c.Warnings[0], "unencrypted")
		}},
		{"json text body", "url: http://x/a\nanswer: $.a\nbody: '{\"q\": \"{{ question }}\", \"n\": 3}'\n", func(c *Config) bool {
			return renderBody(c.Body, Question{Text: "x"}) == `{"q": "x", "n": 3}`
		}},
		{"typed body values", "url: http://x/a\nanswer: $.a\nbody: {k: 3, stream: false, tags: [a, '{{category}}']}\n", func(c *Config) bool {
			return renderBody(c.Body, Question{Category: "refuse"}) == `{"k":3,"stream":false,"tags":["a","refuse"]}`
		}},
		{"refusal and retries", "url: http://x/a\nanswer: $.a\nrefusal: (?i)not covered\nretries: 0\n", func(c *Config) bool {
			return c.Refusal.MatchString("This is Not Covered here") && c.Retries == 0
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cfg, err := Parse("t.yaml", []byte(c.yaml))
			if err != nil {
				t.Fatal(err)
			}
			if !c.check(cfg) {
				t.Fatalf("cfg = %+v", cfg)
			}
		})
	}
}

func TestSafeURL(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, in, want string }{
		{"plain", "http://127.0.0.1:8080/ask", "http://127.0.0.1:8080/ask"},
		{"query dropped", "https://bot.example/ask?api_key=s3cret&x=1", "https://bot.example/ask"},
		{"user info dropped", "https://user:pa@ss@bot.example/ask", "https://bot.example/ask"},
		{"fragment dropped", "https://bot.example/ask#token", "https://bot.example/ask"},
		{"templates kept", "http://h/{{id}}/${ENV}?k=${KEY}", "http://h/{{id}}/${ENV}"},
		{"no path", "https://u@h", "https://h"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := SafeURL(c.in); got != c.want {
				t.Fatalf("SafeURL(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

// The target file the README shows is one this parser accepts.
func TestReadmeExampleParses(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Skip("README.md not found:", err)
	}
	_, after, ok := strings.Cut(string(b), "### Evaluating your own assistant")
	_, block, ok2 := strings.Cut(after, "```yaml\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("no yaml example under \"Evaluating your own assistant\"")
	}
	cfg, err := Parse("README.md", []byte(block))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Retries != 2 || cfg.Refusal == nil || cfg.ContextIDs == nil || len(cfg.EnvNames()) != 1 {
		t.Fatalf("cfg = %+v", cfg)
	}
}
