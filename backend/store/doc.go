// Package store opens the app's SQLite database: WAL, a busy timeout, one
// writer connection, a read pool, and versioned migrations owned by the
// package that needs the tables.
package store
