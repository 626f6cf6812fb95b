package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

const hostileDir = "testdata/hostile"

// hostileCase feeds one hostile input to the command that reads its kind.
type hostileCase struct {
	name   string
	corpus string   // workspace; the sample when empty
	args   []string // "{f}" is replaced by the input's path
	file   string   // in testdata/hostile, or made by gen
	gen    func(t *testing.T) string
	exit   []int    // any of these
	stderr []string // each must appear (a located message)
	stdout []string
}

// Every hostile input ends in bounded time and memory with its exit code
// and a message that says where the problem is. Generated inputs are the
// large ones, too big to commit; the price lists with no sentence end
// are TestHostileLongLines, run in parallel with the rest.
func TestHostileInputs(t *testing.T) {
	t.Parallel()
	check := []string{"check", "--json", "--engine", "offline", "{f}"}
	cases := []hostileCase{
		{name: "full-width digits mean 29", file: "draft-fullwidth-digits.md", args: check, exit: []int{ExitOK}, stdout: []string{`"supported": 1`}},
		{name: "arabic-indic digits are compared", file: "draft-arabic-digits.txt", args: check, exit: []int{ExitFailed}, stdout: []string{`"contradicted": 1`}},
		{name: "zero-width space cannot hide a contradiction", file: "draft-zero-width-space.md", args: check, exit: []int{ExitFailed}},
		{name: "byte-order mark", file: "draft-bom.md", args: check, exit: []int{ExitFailed}},
		{name: "nul byte", file: "draft-nul.md", args: check, exit: []int{ExitFailed}},
		{name: "bidi controls in html", file: "draft-bidi.html", args: check, exit: []int{ExitFailed}},
		{name: "invalid utf-8 is refused", file: "draft-invalid-utf8.md", args: check, exit: []int{ExitError}, stderr: []string{"draft-invalid-utf8.md", "UTF-8"}},
		{name: "blank draft is refused", file: "draft-blank.md", args: check, exit: []int{ExitError}, stderr: []string{"empty"}},
		{name: "html with no visible text", file: "draft-script-only.html", args: check, exit: []int{ExitError}, stderr: []string{"draft-script-only.html", "no visible text to check"}},
		{name: "unsupported draft type", file: "draft.docx", args: check, exit: []int{ExitError}, stderr: []string{"draft.docx"}},
		{name: "draft over the size cap", gen: genFile("big.txt", func() string { return strings.Repeat("word ", 2<<20) }), args: check,
			exit: []int{ExitError}, stderr: []string{"big.txt", "larger than"}},
		{name: "guidelines after a byte-order mark", file: "guidelines-bom.md", args: []string{"guidelines", "lint", "{f}"}, exit: []int{ExitOK}},
		{name: "guidelines yaml error is located", file: "guidelines-bad-yaml.md", args: []string{"guidelines", "lint", "{f}"},
			exit: []int{ExitError}, stderr: []string{"guidelines-bad-yaml.md:6:"}},
		{name: "guidelines unknown key is located", file: "guidelines-unknown-key.md", args: []string{"guidelines", "lint", "{f}"},
			exit: []int{ExitError}, stderr: []string{"guidelines-unknown-key.md:12:", "tokenz"}},
		{name: "query with a wrong field type", file: "queries-bad-field.jsonl", args: []string{"search", "--queries", "{f}"},
			exit: []int{ExitError}, stderr: []string{"queries-bad-field.jsonl line 2"}},
		{name: "query line that is not json", file: "queries-not-json.jsonl", args: []string{"search", "--queries", "{f}"},
			exit: []int{ExitError}, stderr: []string{"queries-not-json.jsonl line 2"}},
		{name: "query line over 16 MiB", gen: genFile("long.jsonl", func() string { return `{"_id":"1","text":"` + strings.Repeat("a", 17<<20) + `"}` + "\n" }),
			args: []string{"search", "--queries", "{f}"}, exit: []int{ExitError}, stderr: []string{"line 1", "longer than 16 MiB"}},
		{name: "csv named .xlsx", file: "workbook-csv.xlsx", args: []string{"golden", "import", "{f}"}, exit: []int{ExitFailed, ExitError}, stdout: []string{"error: workbook-csv.xlsx: not an .xlsx workbook"}},
		{name: "truncated zip named .xlsx", file: "workbook-truncated-zip.xlsx", args: []string{"golden", "import", "{f}"}, exit: []int{ExitFailed, ExitError}, stdout: []string{"workbook-truncated-zip.xlsx", "not a readable .xlsx"}},
		{name: "corpus with a BOM-prefixed archived page and broken front matter", corpus: filepath.Join(hostileDir, "workspace"),
			args: []string{"index", "--json"}, exit: []int{ExitOK},
			stdout: []string{`"documents": 1`, "broken-front-matter.md", "line 3", "unclosed-front-matter.md", "never closed"}},
		{name: "archived page behind a BOM supports nothing", corpus: filepath.Join(hostileDir, "workspace"), gen: genFile("d.md", func() string { return "The Team plan costs $19 per month.\n" }),
			args: check, exit: []int{ExitFailed}, stdout: []string{`"contradicted": 1`}},
	}
	// One data dir per corpus, shared by the cases that follow: made by the
	// parent test, so it outlives each case and is removed once at the end.
	datas := map[string]string{}
	parent := t
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			corpusDir := tc.corpus
			if corpusDir == "" {
				corpusDir = sampleCorpus
			}
			if datas[corpusDir] == "" {
				datas[corpusDir] = parent.TempDir()
			}
			path := filepath.Join(hostileDir, tc.file)
			if tc.gen != nil {
				path = tc.gen(t)
			}
			args := []string{"--data", datas[corpusDir], "--corpus", corpusDir}
			for _, a := range tc.args {
				args = append(args, strings.ReplaceAll(a, "{f}", path))
			}
			code, stdout, stderr, peak := runBounded(t, args)
			if !containsInt(tc.exit, code) {
				t.Fatalf("exit %d, want one of %v\nstderr: %s\nstdout: %.2000s", code, tc.exit, stderr, stdout)
			}
			for _, w := range tc.stderr {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q: %s", w, stderr)
				}
			}
			for _, w := range tc.stdout {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q: %.3000s", w, stdout)
				}
			}
			if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
				t.Errorf("stderr shows a crash: %s", stderr)
			}
			if peak > 1<<30 {
				t.Errorf("heap peaked at %d MiB", peak>>20)
			}
		})
	}
}

// runBounded runs the CLI with a deadline and samples the heap meanwhile.
func runBounded(t *testing.T, args []string) (code int, stdout, stderr string, peak uint64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var heap atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > heap.Load() {
				heap.Store(ms.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(25 * time.Millisecond):
			}
		}
	}()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, args, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
	}()
	select {
	case code = <-done:
	case <-time.After(3 * time.Minute):
		t.Fatalf("%v did not end within its deadline", args)
	}
	close(stop)
	<-sampled
	return code, out.String(), errb.String(), heap.Load()
}

func genFile(name string, content func() string) func(t *testing.T) string {
	return func(t *testing.T) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, []byte(content()), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
}

func containsInt(xs []int, x int) bool { return slices.Contains(xs, x) }

// A log level slog does not know is a usage error, before or after the
// command name, never a silent fall-back.
func TestUnknownLogLevelIsAUsageError(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--log-level", "loud", "status"}, {"status", "--log-level", "loud"}} {
		var out, errb bytes.Buffer
		code := Main(context.Background(), append([]string{"--data", t.TempDir()}, args...), IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil, nil)
		if code != ExitError || !strings.Contains(errb.String(), `"loud" is not a log level`) {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
	var errb bytes.Buffer
	if code := Main(context.Background(), []string{"--data", t.TempDir(), "--log-level", "debug", "version"}, IO{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &errb}, nil, nil); code != ExitOK {
		t.Errorf("--log-level debug: exit %d, %s", code, errb.String())
	}
}
