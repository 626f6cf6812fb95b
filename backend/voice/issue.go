package voice

import "fmt"

// Level says how strongly a guideline applies.
type Level string

const (
	Required    Level = "required"
	Recommended Level = "recommended"
)

func parseLevel(s string) (Level, error) {
	switch Level(s) {
	case Required, Recommended:
		return Level(s), nil
	}
	return "", fmt.Errorf("level %q is not required or recommended", s)
}

// Engine names recorded on every issue.
const (
	EngineOffline = "offline"
	EngineLLM     = "llm"
)

// Issue is one place where a draft drifts from the guidelines.
type Issue struct {
	Passage     string // draft text, exactly Text[Start:End]
	Start, End  int    // byte offsets into the checked text
	Rule        string // rule name from the rules block, or the guideline the model named
	Kind        string // rule kind (existence, substitution, …) or "llm"
	Guideline   string // the guideline's message for this passage
	Explanation string // why the passage breaks the guideline
	Suggestion  string // rewrite of Passage when Concrete, otherwise guidance
	Concrete    bool   // Suggestion replaces Passage verbatim
	Level       Level
	Engine      string // EngineOffline or EngineLLM
}
