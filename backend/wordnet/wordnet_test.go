package wordnet

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
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
	installed.once.Do(func() { installed.wn, installed.err = Load(Dir()) })
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
	"data.noun": "  1 licence header line\n00000010 03 n 01 thing 0 000 | a thing\n",
	"data.adj": "  1 licence header line\n" +
		"00000100 00 a 01 obligatory 0 002 ! 00000200 a 0101 & 00000300 a 0000 | required\n" +
		"00000200 00 a 01 optional 0 001 ! 00000100 a 0101 | not required\n" +
		"00000300 00 s 02 required 0 needed(p) 0 001 & 00000100 a 0000 | needed\n",
	"index.noun": "thing n 1 0 1 0 00000010\n",
	"index.adj": "  1 licence header line\n" +
		"obligatory a 1 1 ! 1 0 00000100\noptional a 1 1 ! 1 0 00000200\n" +
		"required a 1 1 & 1 0 00000300\nneeded a 1 1 & 1 0 00000300\n",
	"adj.exc":    "neededer needed\n",
	"data.verb":  "",
	"index.verb": "",
	"data.adv":   "",
	"index.adv":  "",
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
		want error
	}{
		{"pointer to missing synset", map[string]string{"data.adj": "00000100 00 a 01 obligatory 0 001 ! 00000999 a 0101 | x\n"}, ErrCorrupt},
		{"bad word count", map[string]string{"data.noun": "00000010 03 n zz thing 0 000 | a thing\n"}, ErrCorrupt},
		{"pointer count past the line", map[string]string{"data.noun": "00000010 03 n 01 thing 0 009 | a thing\n"}, ErrCorrupt},
		{"index names a missing synset", map[string]string{"index.noun": "thing n 1 0 1 0 00000011\n"}, ErrCorrupt},
		{"index count mismatch", map[string]string{"index.noun": "thing n 2 0 1 0 00000010\n"}, ErrCorrupt},
		{"antonym word out of range", map[string]string{"data.adj": fixture["data.adj"][:len("  1 licence header line\n")] +
			"00000100 00 a 01 obligatory 0 001 ! 00000200 a 0109 | x\n00000200 00 a 01 optional 0 000 | y\n00000300 00 s 01 required 0 000 | z\n"}, ErrCorrupt},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if _, err := Load(writeFixture(t, c.edit)); !errors.Is(err, c.want) {
				t.Errorf("Load = %v, want %v", err, c.want)
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
