package app

import "time"

// DTOs are the JSON shapes the frontend sees. Timestamps are RFC 3339
// strings because Wails generates time.Time as `any`.

// WorkspaceDTO summarises the open workspace.
type WorkspaceDTO struct {
	Root          string   `json:"root"`
	ContentDir    string   `json:"content_dir"`
	Documents     int      `json:"documents"`
	Drafts        []string `json:"drafts"`
	HasGuidelines bool     `json:"has_guidelines"`
	HasGolden     bool     `json:"has_golden"`
	// ID is the workspace's id: golden sets, runs and checks are kept
	// under it. Source says what chose the folder: "flag" (--corpus),
	// "env" ($CONTINUITY_CORPUS), "settings" or "sample".
	ID     string `json:"id"`
	Source string `json:"source"`
	// SavedDir is the corpus folder saved in Settings ("" = the sample);
	// it is not in force while Source is "flag" or "env".
	SavedDir string `json:"saved_dir"`
}

// WorkspaceSwitchDTO is a switch's outcome: the workspace now in force and
// the sync job bringing the index to its content (progress and the
// SyncReportDTO arrive as job events).
type WorkspaceSwitchDTO struct {
	Workspace WorkspaceDTO `json:"workspace"`
	JobID     string       `json:"job_id"`
}

// ModelsDTO names the model per role.
type ModelsDTO struct {
	Answer    string `json:"answer"`
	Judge     string `json:"judge"`
	Embedding string `json:"embedding"`
}

// SettingsDTO is everything the Settings view edits except the key itself.
type SettingsDTO struct {
	Engine         string    `json:"engine"`
	BaseURL        string    `json:"base_url"`
	Models         ModelsDTO `json:"models"`
	CorpusDir      string    `json:"corpus_dir"`
	AuditLog       bool      `json:"audit_log"`
	TimeoutSeconds int       `json:"timeout_seconds"`
	MaxConcurrency int       `json:"max_concurrency"` // 0 = automatic
	MaxRetries     int       `json:"max_retries"`
	// The endpoint's per-minute budgets; 0 = not set.
	RequestsPerMinute int    `json:"requests_per_minute"`
	TokensPerMinute   int    `json:"tokens_per_minute"`
	APIVersion        string `json:"api_version"` // classic Azure deployments only
	// AllowInsecureHTTP permits plain http:// to another machine.
	AllowInsecureHTTP bool `json:"allow_insecure_http"`
	// GitHistory imports what the pages used to say from git at each sync.
	GitHistory bool `json:"git_history"`
}

// ModelPriceDTO is one row of the editable price table (USD per million tokens).
type ModelPriceDTO struct {
	Model         string  `json:"model"`
	InputPerMTok  float64 `json:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok"`
}

// ConnectionTestDTO is the result of one tiny call to the configured
// endpoint. OK false comes with Message in plain words and Detail for
// support; LatencyMS is 0 when nothing answered.
type ConnectionTestDTO struct {
	OK        bool   `json:"ok"`
	BaseURL   string `json:"base_url"`
	Model     string `json:"model"`
	LatencyMS int64  `json:"latency_ms"`
	Message   string `json:"message"`
	Detail    string `json:"detail"`
}

// KeyStatusDTO says whether a key is set and where it lives; never the key.
type KeyStatusDTO struct {
	Present bool   `json:"present"`
	Source  string `json:"source"`  // keyring, env, session, none
	Warning string `json:"warning"` // e.g. the keyring is unavailable, or the key is another host's
	// Host is the host the key belongs to; "" without a key.
	Host string `json:"host"`
	// SentToEndpoint is true when Host is the endpoint's host, so the key
	// goes with requests; a present key for another host stays home.
	SentToEndpoint bool `json:"sent_to_endpoint"`
	// Endpoint is the saved base URL in use (credentials and query values
	// removed), so the view can say where requests and the key go.
	Endpoint string `json:"endpoint"`
}

// GoldenStatusDTO describes the workspace's golden set file.
type GoldenStatusDTO struct {
	Path   string `json:"path"`
	Exists bool   `json:"exists"`
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }
