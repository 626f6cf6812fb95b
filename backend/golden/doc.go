// Package golden holds golden question sets: the model, validation and their versioned SQLite storage.
package golden
