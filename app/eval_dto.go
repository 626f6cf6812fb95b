package app

import "continuity/backend/scoreview"

// The run and scorecard views are built in backend/scoreview, shared with
// the team server; these names are the bindings'.
type (
	EvalRunDTO               = scoreview.EvalRunDTO
	KVDTO                    = scoreview.KVDTO
	MetricTileDTO            = scoreview.MetricTileDTO
	CategoryMetricDTO        = scoreview.CategoryMetricDTO
	CategoryDTO              = scoreview.CategoryDTO
	QuestionScoreDTO         = scoreview.QuestionScoreDTO
	NotMeasuredDTO           = scoreview.NotMeasuredDTO
	RetrievedDTO             = scoreview.RetrievedDTO
	ReferenceDocDTO          = scoreview.ReferenceDocDTO
	ClaimCheckDTO            = scoreview.ClaimCheckDTO
	EvalQuestionDTO          = scoreview.EvalQuestionDTO
	ApprovedContradictionDTO = scoreview.ApprovedContradictionDTO
	TrendPointDTO            = scoreview.TrendPointDTO
	KVFDTO                   = scoreview.KVFDTO
	BaselineDTO              = scoreview.BaselineDTO
	ScorecardDTO             = scoreview.ScorecardDTO
	EvalRunTargetDTO         = scoreview.EvalRunTargetDTO
	MetricThresholdDTO       = scoreview.MetricThresholdDTO
)

// EvalEstimateDTO is shown before a run starts.
type EvalEstimateDTO struct {
	Set              string  `json:"set"`
	Engine           string  `json:"engine"`
	Questions        int     `json:"questions"`
	Calls            int     `json:"calls"`
	CallsPerQuestion int     `json:"calls_per_question"`
	InputTokens      int     `json:"input_tokens"`
	OutputTokens     int     `json:"output_tokens"`
	Cost             float64 `json:"cost"`
	CostKnown        bool    `json:"cost_known"`
	Seconds          float64 `json:"seconds"`
	// TimeBasis says what Seconds assumes: "based on 37 recent calls,
	// median 1.1 s" or "assumed 2 s per call".
	TimeBasis string `json:"time_basis"`
	// MissingRefs are the set's reference documents the index lacks;
	// Warning says so in a sentence ("" when none is missing).
	MissingRefs []string `json:"missing_refs"`
	Warning     string   `json:"warning"`
}

// EvalTargetDTO is what answers a run, as the view picked it. Kind:
// builtin (the default; Path "") | http (Path is a target file) |
// responses (Path is a recorded-responses file). Judge: "" (the engine's
// judges) | offline | llm | none (deterministic metrics only).
type EvalTargetDTO struct {
	Kind  string `json:"kind"`
	Path  string `json:"path"`
	Judge string `json:"judge"`
}

// TargetProblemDTO is one located problem of a target or responses file.
// Line is the target file's line or the responses file's line (JSONL) or
// row (CSV, xlsx); 0 when it is about the whole file.
type TargetProblemDTO struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  string `json:"column"`
	Message string `json:"message"`
	Text    string `json:"text"` // the problem in one line, e.g. "bot.yaml:3: unknown key \"answr\""
}

// TargetCheckDTO is a target or responses file parsed without running it.
// OK is false when Problems lists anything; Warnings do not stop a run.
type TargetCheckDTO struct {
	OK        bool               `json:"ok"`
	Kind      string             `json:"kind"`
	File      string             `json:"file"`
	SHA256    string             `json:"sha256"`
	ShortHash string             `json:"short_hash"`
	URL       string             `json:"url"`
	Method    string             `json:"method"`
	Format    string             `json:"format"` // responses: jsonl, csv or xlsx
	Rows      int                `json:"rows"`   // responses: recorded cases
	Problems  []TargetProblemDTO `json:"problems"`
	Warnings  []string           `json:"warnings"`
}
