// Package team holds who may use a shared Continuity server: users, their
// role and the workspaces they may read, the API tokens that name them
// (stored as hashes, shown once), and the audit log of every write.
//
// One Store runs on either engine the server can use (SQLite for one
// machine, PostgreSQL for a team); the SQL is shared and only placeholders
// differ, and each engine has its own migrations so a schema change is
// written, reviewed and tested once per engine.
package team
