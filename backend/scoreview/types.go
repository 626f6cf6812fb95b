// Package scoreview is what a person sees of eval runs: the run records,
// scorecards and gates the desktop and the team server's web app both
// show, built once here from the eval stores so the two faces agree.
package scoreview

// EvalRunDTO describes one run and how its numbers were produced.
type EvalRunDTO struct {
	ID                string   `json:"id"`
	Status            string   `json:"status"` // running (or crashed) | done | cancelled | failed
	StartedAt         string   `json:"started_at"`
	FinishedAt        string   `json:"finished_at"`
	Engine            string   `json:"engine"`
	AnswerModel       string   `json:"answer_model"`
	JudgeModel        string   `json:"judge_model"`
	EmbedModel        string   `json:"embed_model"`
	GoldenSet         string   `json:"golden_set"`
	GoldenVersion     string   `json:"golden_version"`
	CorpusFingerprint string   `json:"corpus_fingerprint"`
	Questions         int      `json:"questions"`
	Repeat            int      `json:"repeat"`
	Settings          []KVDTO  `json:"settings"`
	GatePass          *bool    `json:"gate_pass"` // nil until loaded into a scorecard
	Pinned            bool     `json:"pinned"`    // the set's pinned baseline
	PromptVersions    []KVDTO  `json:"prompt_versions"`
	Notes             []string `json:"notes"`
	// Target is what answered (kind builtin for the built-in pipeline);
	// Judge what scored: offline, llm or none (deterministic metrics only).
	Target EvalRunTargetDTO `json:"target"`
	Judge  string           `json:"judge"`
}

// KVDTO is one key and value, in a stable order.
type KVDTO struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// MetricTileDTO is one traffic-light tile. Status: pass | fail |
// not_measured | not_gated. Delta is against the baseline, when there is one.
type MetricTileDTO struct {
	Metric      string   `json:"metric"`
	Meaning     string   `json:"meaning"`
	Mean        *float64 `json:"mean"`
	Threshold   *float64 `json:"threshold"`
	Status      string   `json:"status"`
	Measured    int      `json:"measured"`
	NotMeasured int      `json:"not_measured"`
	Flaky       int      `json:"flaky"`
	Baseline    *float64 `json:"baseline"`
	Delta       *float64 `json:"delta"`
	Improved    int      `json:"improved"`
	Regressed   int      `json:"regressed"`
}

// CategoryMetricDTO is one metric's mean within a category.
type CategoryMetricDTO struct {
	Metric    string   `json:"metric"`
	Mean      *float64 `json:"mean"`
	Threshold *float64 `json:"threshold"`
	Baseline  *float64 `json:"baseline"`
	Measured  int      `json:"measured"`
}

// CategoryDTO is one category's bars.
type CategoryDTO struct {
	Category string              `json:"category"`
	N        int                 `json:"n"`
	Metrics  []CategoryMetricDTO `json:"metrics"`
}

// QuestionScoreDTO is one metric of one question.
type QuestionScoreDTO struct {
	Metric   string   `json:"metric"`
	Value    float64  `json:"value"`
	Baseline *float64 `json:"baseline"`
	Delta    *float64 `json:"delta"`
	Below    bool     `json:"below"`
	Flaky    bool     `json:"flaky"`
	Method   string   `json:"method"`
}

// NotMeasuredDTO says why a metric has no value for a question.
type NotMeasuredDTO struct {
	Metric string `json:"metric"`
	Reason string `json:"reason"`
}

// RetrievedDTO is one retrieved chunk; Hit says its document is a reference.
type RetrievedDTO struct {
	Rank    int    `json:"rank"`
	DocID   string `json:"doc_id"`
	ChunkID string `json:"chunk_id"`
	Title   string `json:"title"`
	Text    string `json:"text"`
	Hit     bool   `json:"hit"`
}

// ReferenceDocDTO is one expected document; Found says retrieval returned it.
type ReferenceDocDTO struct {
	DocID string `json:"doc_id"`
	Found bool   `json:"found"`
}

// ClaimCheckDTO is one answer claim and its verdict (faithfulness evidence).
type ClaimCheckDTO struct {
	Claim   string `json:"claim"`
	Verdict string `json:"verdict"`
	Reason  string `json:"reason"`
}

// EvalQuestionDTO is one row of the question table with its drill-down.
// Status: pass | fail | error. Change vs baseline: regressed | improved |
// same | new | not_measured (nothing comparable) | "" (no baseline).
type EvalQuestionDTO struct {
	ID             string             `json:"id"`
	Category       string             `json:"category"`
	Question       string             `json:"question"`
	Status         string             `json:"status"`
	Change         string             `json:"change"`
	WorstDelta     float64            `json:"worst_delta"`
	Answer         string             `json:"answer"`
	BaselineAnswer string             `json:"baseline_answer"`
	Refused        bool               `json:"refused"`
	Reference      string             `json:"reference"`
	References     []ReferenceDocDTO  `json:"references"`
	SupportingLine string             `json:"supporting_line"`
	Retrieved      []RetrievedDTO     `json:"retrieved"`
	Scores         []QuestionScoreDTO `json:"scores"`
	NotMeasured    []NotMeasuredDTO   `json:"not_measured"`
	Claims         []ClaimCheckDTO    `json:"claims"`
	Evidence       []string           `json:"evidence"`
	Why            []string           `json:"why"` // review-queue reasons
	Error          string             `json:"error"`
	// Against the baseline (false / empty without one): the answer differs
	// once case, whitespace and punctuation are folded; a claim of it now
	// contradicts the approved answer (the question counts as regressed).
	AnswerChanged       bool     `json:"answer_changed"`
	ContradictsApproved bool     `json:"contradicts_approved"`
	ContradictedClaims  []string `json:"contradicted_claims"`
	// ApprovedContradicted names the passage that now contradicts the
	// approved answer itself, with the engine's confidence ("" when none):
	// the question fails, baseline or not.
	ApprovedContradicted string `json:"approved_contradicted"`
	// ApprovedContradiction is the same finding in parts, for the drawer.
	ApprovedContradiction *ApprovedContradictionDTO `json:"approved_contradiction,omitempty"`
}

// ApprovedContradictionDTO is what the corpus now says against a
// question's approved answer. Kind: contradicted (the claim engine; with
// its Confidence) or superseded (the page's history; no confidence).
type ApprovedContradictionDTO struct {
	Kind       string   `json:"kind"`
	Claim      string   `json:"claim"` // the approved answer's claim that no longer holds
	DocID      string   `json:"doc_id"`
	ChunkID    string   `json:"chunk_id"`
	Passage    string   `json:"passage"` // what the document now says
	Confidence *float64 `json:"confidence,omitempty"`
}

// TrendPointDTO is one finished run on the trend line.
type TrendPointDTO struct {
	RunID     string   `json:"run_id"`
	StartedAt string   `json:"started_at"`
	GatePass  bool     `json:"gate_pass"`
	Errors    int      `json:"errors"`
	Means     []KVFDTO `json:"means"`
}

// KVFDTO is a metric and its value.
type KVFDTO struct {
	Key   string  `json:"key"`
	Value float64 `json:"value"`
}

// BaselineDTO summarises the comparison run.
type BaselineDTO struct {
	RunID        string `json:"run_id"`
	StartedAt    string `json:"started_at"`
	Regressions  int    `json:"regressions"`  // questions with any metric down
	Improvements int    `json:"improvements"` // questions with metrics up and none down
	NewErrors    int    `json:"new_errors"`
	FixedErrors  int    `json:"fixed_errors"`
	// AnswersChanged and ContradictsApproved count questions; the latter
	// are among Regressions.
	AnswersChanged      int `json:"answers_changed"`
	ContradictsApproved int `json:"contradicts_approved"`
}

// ScorecardDTO is the whole release scorecard of one run.
type ScorecardDTO struct {
	Run            EvalRunDTO `json:"run"`
	Ready          bool       `json:"ready"`
	GateMetrics    int        `json:"gate_metrics"`
	FailingMetrics int        `json:"failing_metrics"`
	// FailingQuestions count the questions that fail or error (a score
	// below its threshold, an approved answer the corpus contradicts…):
	// the gate can pass on its means while they fail, and the headline
	// must not then say "Ready".
	FailingQuestions int               `json:"failing_questions"`
	GateFailures     []string          `json:"gate_failures"`
	Errors           int               `json:"errors"`
	ReviewCount      int               `json:"review_count"`
	Tiles            []MetricTileDTO   `json:"tiles"`
	Categories       []CategoryDTO     `json:"categories"`
	Questions        []EvalQuestionDTO `json:"questions"`
	Baseline         *BaselineDTO      `json:"baseline"`
	Trend            []TrendPointDTO   `json:"trend"`
}

// EvalRunTargetDTO is a run's record of its target: never a header, a
// token or a query string. Kind: builtin | http | responses.
type EvalRunTargetDTO struct {
	Kind      string `json:"kind"`
	URL       string `json:"url"`    // http: without user info, query or fragment
	Method    string `json:"method"` // http
	File      string `json:"file"`   // base name of the target or responses file
	SHA256    string `json:"sha256"`
	ShortHash string `json:"short_hash"` // the first 12 hex digits of SHA256
	Refusal   string `json:"refusal"`
	Label     string `json:"label"` // one line: "http POST http://… (bot.yaml)", "responses x.jsonl (sha256 …)", "built-in pipeline"
}

// MetricThresholdDTO is one metric's pass threshold (0..1); Advisory means
// the metric is reported but not gated (Threshold is then 0). Custom says a
// golden set overrides the release default.
type MetricThresholdDTO struct {
	Metric    string  `json:"metric"`
	Threshold float64 `json:"threshold"`
	Meaning   string  `json:"meaning"`
	Advisory  bool    `json:"advisory"`
	Custom    bool    `json:"custom"`
}
