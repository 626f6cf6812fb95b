package wordnet

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var installed struct {
	once sync.Once
	wn   *WordNet
	err  error
}

// loadInstalled loads the installed WordNet, or skips the test.
func loadInstalled(t testing.TB) *WordNet {
	t.Helper()
	installed.once.Do(func() {
		installed.wn, installed.err = Load(Dir())
		if installed.err == nil {
			installed.err = installed.wn.Verify()
		}
	})
	if installed.err != nil {
		if errors.Is(installed.err, ErrNotInstalled) {
			t.Skipf("WordNet not installed (run `make models`): %v", installed.err)
		}
		t.Fatal(installed.err)
	}
	return installed.wn
}

func TestRealAntonyms(t *testing.T) {
	t.Parallel()
	wn := loadInstalled(t)
	cases := []struct {
		a, b string
		want bool
	}{
		{"mandatory", "optional", true}, // satellite of "obligatory", whose antonym is "optional"
		{"optional", "mandatory", true},
		{"include", "exclude", true},
		{"increase", "decrease", true},
		{"available", "unavailable", true},
		{"increases", "decreased", true}, // regular inflections
		{"Including", "excludes", true},
		{"mandatory", "compulsory", false}, // synonyms
		{"buy", "purchase", false},
		{"cat", "invoice", false},
		{"zzyzx", "optional", false},
	}
	for _, c := range cases {
		t.Run(c.a+"/"+c.b, func(t *testing.T) {
			if got := wn.AreAntonyms(c.a, c.b); got != c.want {
				t.Errorf("AreAntonyms(%q, %q) = %v, want %v (antonyms of %q: %q)", c.a, c.b, got, c.want, c.a, wn.Antonyms(c.a))
			}
		})
	}
}

func TestRealSynonyms(t *testing.T) {
	t.Parallel()
	wn := loadInstalled(t)
	cases := []struct {
		word, want string
	}{
		{"buy", "purchase"},
		{"bought", "purchase"}, // irregular form, from verb.exc
		{"mandatory", "compulsory"},
		{"ice cream", "icecream"},
		{"cars", "automobile"},
	}
	for _, c := range cases {
		t.Run(c.word, func(t *testing.T) {
			got := wn.Synonyms(c.word)
			if !slices.Contains(got, c.want) {
				t.Errorf("Synonyms(%q) = %q, want it to include %q", c.word, got, c.want)
			}
			if slices.Contains(got, c.word) {
				t.Errorf("Synonyms(%q) includes the word itself", c.word)
			}
		})
	}
	if got := wn.Synonyms("zzyzx"); got != nil {
		t.Errorf("Synonyms of an unknown word = %q", got)
	}
}

// A tiny WordNet in the real file format: "required" is a satellite of
// "obligatory", which is opposed to "optional".
var fixture = map[string]string{
	"data.noun": dataFile("00000100 03 n 01 thing 0 000 | a thing"),
	"data.adj": dataFile(
		"00000100 00 a 01 obligatory 0 002 ! 00000200 a 0101 & 00000300 a 0000 | required",
		"00000200 00 a 01 optional 0 001 ! 00000100 a 0101 | not required",
		"00000300 00 s 02 required 0 needed(p) 0 001 & 00000100 a 0000 | needed"),
	"index.noun": "thing n 1 0 1 0 00000100\n",
	"index.adj": "  1 licence header line\n" +
		"needed a 1 1 & 1 0 00000300\nobligatory a 1 1 ! 1 0 00000100\n" +
		"optional a 1 1 ! 1 0 00000200\nrequired a 1 1 & 1 0 00000300\n",
	"adj.exc":    "neededer needed\n",
	"data.verb":  "",
	"index.verb": "",
	"data.adv":   "",
	"index.adv":  "",
}

// dataFile lays synset lines out as WordNet does: after a licence header,
// each at the byte offset its first field names (gaps padded with spaces).
func dataFile(lines ...string) string {
	var b strings.Builder
	b.WriteString("  1 licence header line")
	for _, l := range lines {
		off, err := strconv.Atoi(l[:8])
		if err != nil || off <= b.Len() {
			panic("dataFile: offsets must grow past the header: " + l)
		}
		b.WriteString(strings.Repeat(" ", off-b.Len()-1) + "\n" + l)
	}
	b.WriteString("\n")
	return b.String()
}

func writeFixture(t *testing.T, edit map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range fixture {
		if e, ok := edit[name]; ok {
			body = e
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFixture(t *testing.T) {
	t.Parallel()
	wn, err := Load(writeFixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if got := wn.Antonyms("required"); !slices.Equal(got, []string{"optional"}) {
		t.Errorf("Antonyms(required) = %q", got)
	}
	if got := wn.Synonyms("Needed"); !slices.Equal(got, []string{"required"}) {
		t.Errorf("Synonyms(Needed) = %q (adjective marker not stripped?)", got)
	}
	if !wn.AreAntonyms("optional", "neededer") {
		t.Error("exception form not resolved")
	}
	if wn.AreAntonyms("thing", "optional") {
		t.Error("thing and optional reported as antonyms")
	}
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		edit map[string]string
		why  string
	}{
		{"pointer to missing synset", map[string]string{"data.adj": dataFile("00000100 00 a 01 obligatory 0 001 ! 00000999 a 0101 | x")}, "pointer to missing synset"},
		{"bad word count", map[string]string{"data.noun": dataFile("00000100 03 n zz thing 0 000 | a thing")}, "word count"},
		{"pointer count past the line", map[string]string{"data.noun": dataFile("00000100 03 n 01 thing 0 009 | a thing")}, "pointer count"},
		{"index names a missing synset", map[string]string{"index.noun": "thing n 1 0 1 0 00000999\n"}, "no synset n 00000999"},
		{"index count mismatch", map[string]string{"index.noun": "thing n 2 0 1 0 00000100\n"}, "synset count"},
		{"index not sorted", map[string]string{"index.adj": "optional a 1 1 ! 1 0 00000200\nobligatory a 1 1 ! 1 0 00000100\n"}, "is not after"},
		{"offset inside a line", map[string]string{"index.noun": "thing n 1 0 1 0 00000102\n"}, "no synset n 00000102"},
		{"antonym word out of range", map[string]string{"data.adj": dataFile(
			"00000100 00 a 01 obligatory 0 001 ! 00000200 a 0109 | x", "00000200 00 a 01 optional 0 000 | y", "00000300 00 s 01 required 0 000 | z")}, "out of range"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			wn, err := Load(writeFixture(t, c.edit))
			if err == nil {
				err = wn.Verify()
			}
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(fmt.Sprint(err), c.why) {
				t.Errorf("Load and Verify = %v, want ErrCorrupt saying %q", err, c.why)
			}
		})
	}
	if _, err := Load(t.TempDir()); !errors.Is(err, ErrNotInstalled) {
		t.Errorf("empty dir: %v, want ErrNotInstalled", err)
	}
}

func TestDirHonoursEnvironment(t *testing.T) {
	t.Setenv(EnvDir, "/opt/wn")
	if Dir() != "/opt/wn" {
		t.Errorf("Dir = %q with %s set", Dir(), EnvDir)
	}
	t.Setenv(EnvDir, "")
	if Dir() != "/usr/share/wordnet" {
		t.Errorf("Dir = %q by default", Dir())
	}
}

func BenchmarkLoad(b *testing.B) {
	loadInstalled(b)
	for b.Loop() {
		if _, err := Load(Dir()); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRealModifier(t *testing.T) {
	t.Parallel()
	wn := loadInstalled(t)
	cases := []struct {
		word string
		want bool
	}{
		{"revolutionary", true},
		{"quickly", true},
		{"new", true},
		{"refunds", false},
		{"authentication", false},
		{"support", false},
		{"patients", false},
		{"zzyzx", false},
	}
	for _, c := range cases {
		t.Run(c.word, func(t *testing.T) {
			if got := wn.Modifier(c.word); got != c.want {
				t.Errorf("Modifier(%q) = %v, want %v", c.word, got, c.want)
			}
		})
	}
}

func TestRealHas(t *testing.T) {
	t.Parallel()
	wn := loadInstalled(t)
	for word, want := range map[string]bool{"plan": true, "Newsletters": true, "benefits": true, "fedrooms": false, "zzyzx": false} {
		if got := wn.Has(word); got != want {
			t.Errorf("Has(%q) = %v, want %v", word, got, want)
		}
	}
}
