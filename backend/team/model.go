package team

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Role is what a user does on the team; it decides what they may do.
type Role string

const (
	Writer  Role = "writer"  // checks drafts and gives feedback
	Expert  Role = "expert"  // also keeps the golden sets
	Manager Role = "manager" // also runs golden sets and sets thresholds and baselines
	Admin   Role = "admin"   // everything, and users and sources
)

// Roles lists every role, least rights first.
func Roles() []Role { return []Role{Writer, Expert, Manager, Admin} }

// ParseRole reads a role's name.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Roles(), r) {
		return r, nil
	}
	return "", fmt.Errorf("%w: role %q (want writer, expert, manager or admin)", ErrInvalid, s)
}

// Action is one thing an endpoint does, checked against the caller's role.
type Action string

const (
	Search     Action = "search"      // search the corpus, read its documents
	Check      Action = "check"       // check a draft (kept in the history)
	Feedback   Action = "feedback"    // rate a finding
	ReadGolden Action = "read-golden" // read golden sets
	EditGolden Action = "edit-golden" // change golden sets
	ReadRuns   Action = "read-runs"   // read runs, scorecards and trends
	WriteRuns  Action = "write-runs"  // record runs, thresholds, baselines
	ManageTeam Action = "manage-team" // users, tokens, sources, the audit log
)

var allowed = map[Role][]Action{
	Writer:  {Search, Check, Feedback},
	Expert:  {Search, Check, Feedback, ReadGolden, EditGolden, ReadRuns},
	Manager: {Search, Check, Feedback, ReadGolden, ReadRuns, WriteRuns},
}

var actionWords = map[Action]string{
	Search: "search the corpus", Check: "check drafts", Feedback: "rate findings",
	ReadGolden: "read golden sets", EditGolden: "edit golden sets", ReadRuns: "read runs and scorecards",
	WriteRuns: "record runs or change gates and baselines", ManageTeam: "manage the team",
}

// Words says what a lets one do, for a refusal a person reads.
func (a Action) Words() string {
	if w, ok := actionWords[a]; ok {
		return w
	}
	return string(a)
}

// RolesThatCan lists, weakest first, the roles that may do a.
func RolesThatCan(a Action) []Role {
	var out []Role
	for _, r := range Roles() {
		if r.Can(a) {
			out = append(out, r)
		}
	}
	return out
}

// Can says whether the role may do a.
func (r Role) Can(a Action) bool {
	return r == Admin || slices.Contains(allowed[r], a)
}

// AllWorkspaces in a user's grants lets them read every workspace.
const AllWorkspaces = "*"

// User is one person (or one CI job) with a role and the workspaces they may use.
type User struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Role       Role     `json:"role"`
	Workspaces []string `json:"workspaces"` // workspace IDs, or ["*"]
	CreatedAt  string   `json:"created_at"`
	DisabledAt string   `json:"disabled_at,omitempty"` // set when the user was locked out
}

// CanUse says whether the user may use workspace ws at all.
func (u User) CanUse(ws string) bool {
	return slices.Contains(u.Workspaces, AllWorkspaces) || slices.Contains(u.Workspaces, ws)
}

// Entry is one write in the audit log: who did what to which thing, and the
// IDs of the thing before and after (a golden set's versions, a run's ID).
type Entry struct {
	ID        int64  `json:"id"`
	At        string `json:"at"`
	UserID    string `json:"user_id"`
	UserName  string `json:"user_name"`
	Action    string `json:"action"`
	Workspace string `json:"workspace,omitempty"`
	Target    string `json:"target,omitempty"`
	BeforeID  string `json:"before_id,omitempty"`
	AfterID   string `json:"after_id,omitempty"`
}

var (
	// ErrUnauthorized: no such token, or it was revoked, or its user disabled.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrInvalid: a name, role or workspace list the store cannot take.
	ErrInvalid = errors.New("invalid")
	// ErrExists: a user of that name is already there.
	ErrExists = errors.New("already exists")
	// ErrNotFound: no user of that name.
	ErrNotFound = errors.New("not found")
)
