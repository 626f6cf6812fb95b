// Package logging builds the app's slog logger: readable text or JSON, with
// every registered secret scrubbed from the bytes before they are written.
package logging
