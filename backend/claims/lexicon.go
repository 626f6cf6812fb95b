package claims

// The curated lexicon: small on purpose (see docs/benchmarks.md for what
// each entry changed). Keys and values are snowball stems.

var stopwords = setOf(`a an the and or but if then so of to in on at by for with from as into onto
about is are was were be been being am do does did doing have has had having it its it's itself this that
these those there here their them they we us our ours you your yours he she his her i me my mine can could
will would shall should may might must also just very too than such each which who whom whose what when where
why how all any both some per up out off over again further once only own same other s t d ll re ve m
through across among around during upon
let lets let's get gets got getting make makes made use uses used using now way well still even much many
whether while though although because since until via etc yes one's
we're you're they're it's there's we'll you'll we've you've i'm that's here's yourself yourselves ourselves themselves`)

// negators flip a clause's polarity.
var negators = setOf(`not no never none nothing nobody nowhere neither nor without cannot can't won't don't doesn't
didn't isn't aren't wasn't weren't haven't hasn't hadn't shouldn't wouldn't couldn't mustn't n't`)

// pronounNegators deny without a word after them that says what
// ("nothing", "none of them"): their scope is the whole clause.
var pronounNegators = setOf(`none nothing nobody nowhere neither nor`)

// antonyms pairs stems whose swap flips polarity: "never leave" = "stay".
var antonyms = pairs(`allow:forbid allow:prohibit permit:forbid requir:option paid:unpaid paid:free includ:exclud
before:after increas:decreas enabl:disabl leav:stay avail:unavail possibl:imposs open:close closed:open
start:stop lock:unlock refund:nonrefund support:unsupport public:privat accept:reject add:remov`)

// synonyms map a stem to a canonical stem so paraphrases align.
var synonyms = map[string]string{
	"yearli": "annual", "annual": "annual", "year": "annual",
	"terminat": "cancel", "termin": "cancel",
	"sso": "sso", "e-mail": "email",
	"iphon": "io", "ios": "io",
	"peopl": "user", "person": "user", "seat": "user", "member": "user",
	"host": "store", "store": "store", "keep": "keep", "kept": "keep", "retain": "keep",
	"respons": "repli", "respond": "repli", "answer": "repli", "hear": "repli",
	"move": "chang", "switch": "chang", "updat": "chang",
	"launch": "releas", "releas": "releas", "ship": "releas",
	"cost": "price", "price": "price", "charg": "price",
	"pick": "choos", "chose": "choos", "choos": "choos", "select": "choos",
	"saturday": "weekend", "sunday": "weekend", "weekend": "weekend",
	"organ": "organ", "organis": "organ", "organiz": "organ",
	"sign-in": "login", "login": "login", "log": "login",
	"restor": "recov", "recov": "recov",
	"cheaper": "save", "discount": "save", "save": "save",
}

// britishWords are British spellings the "-tre" rule does not cover.
var britishWords = map[string]string{"colour": "color", "colours": "colors", "behaviour": "behavior",
	"favour": "favor", "favourite": "favorite", "honour": "honor", "labour": "labor", "licence": "license",
	"defence": "defense", "catalogue": "catalog", "analyse": "analyze", "cheque": "check", "programme": "program"}

// closedWords mark a day set as the days something is not on.
var closedWords = setOf(`closed shut unavailable except`)

// histMarkers make a corpus sentence historical ("Until now, the window was
// fourteen days"): it may contradict nothing and support nothing current.
var histMarkers = []string{"until now", "used to", "previously", "formerly", "up from", "no longer"}

// pastMarkers make a claim speak of the past only; "no longer" and "up
// from" do not ("Exports are no longer limited to CSV" is about now).
var pastMarkers = []string{"until now", "used to", "previously", "formerly"}

// phrases are rewritten to one canonical word before stemming.
var phrases = []struct{ from, to string }{
	{"single sign-on", "sso"}, {"two-factor authentication", "2fa"}, {"data processing agreement", "dpa"},
	{"in full", "full"}, {"right away", "now"}, {"not only", "also"}, {"not just", "also"}, {"any time", "anytime"}, {"at no extra cost", "free"},
	{"at no cost", "free"}, {"most recent", "latest"}, {"for free", "free"},
	// "order" in "in order to" names no topic ("You can order business
	// cards" is not about "In order to travel officially ...").
	{"in order to", "to"}, {"in order for", "for"},
	// events of change: "new prices took effect" = "we're updating our plans"
	{"took effect", "change"}, {"takes effect", "change"}, {"take effect", "change"}, {"taking effect", "change"},
	{"came into effect", "change"}, {"come into effect", "change"}, {"comes into effect", "change"},
}

// ctaVerbs start calls to action, which are not claims unless they carry
// a number or a promise.
var ctaVerbs = setOf(`contact talk download search send try learn read visit join click find thank just check want
leverage don't please go sign questions here's here found`)

// pronounStarts are clause openings resolved to the paragraph's subject.
var pronounStarts = map[string]string{"it": "", "it's": " is", "its": "'s", "they": "", "they're": " are",
	"this plan": "", "the plan": "", "this": ""}

// verbs end a subject noun phrase when looking for the paragraph's topic.
var verbs = setOf(`is are was were has have had can will would does do did costs cost includes include launched
gets get lets works work gives offers supports runs keeps sends became becomes fits comes brings brought
makes stays requires needs shows lets returns allows`)

func setOf(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range splitFields(s) {
		m[w] = true
	}
	return m
}

func pairs(s string) map[string][]string {
	m := map[string][]string{}
	for _, p := range splitFields(s) {
		for i := 0; i < len(p); i++ {
			if p[i] == ':' {
				a, b := p[:i], p[i+1:]
				m[a] = append(m[a], b)
				m[b] = append(m[b], a)
			}
		}
	}
	return m
}

func splitFields(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' || s[i] == '\n' || s[i] == '\t' {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// nameAliases are names written two ways that name one thing: time zones
// by abbreviation ("4:30 PM ET", "4:30 PM Eastern"). Keys and values are
// stems; each alias maps to its canonical name.
var nameAliases = map[string]string{
	"et": "eastern", "est": "eastern", "edt": "eastern",
	"ct": "central", "cst": "central", "cdt": "central",
	"mt": "mountain", "mst": "mountain", "mdt": "mountain",
	"pt": "pacif", "pst": "pacif", "pdt": "pacif",
	"gmt": "utc",
}

func canonicalName(n string) string {
	if c, ok := nameAliases[n]; ok {
		return c
	}
	return n
}

// dropAliases removes the names of a and b that the other side writes
// another way.
func dropAliases(a, b []string) ([]string, []string) {
	in := func(xs []string, n string) bool {
		for _, x := range xs {
			if canonicalName(x) == canonicalName(n) {
				return true
			}
		}
		return false
	}
	var ka, kb []string
	for _, n := range a {
		if !in(b, n) {
			ka = append(ka, n)
		}
	}
	for _, n := range b {
		if !in(a, n) {
			kb = append(kb, n)
		}
	}
	return ka, kb
}
