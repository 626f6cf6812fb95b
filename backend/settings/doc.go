// Package settings persists the user's engine and model choices in the
// database. The API key is deliberately absent: it lives in package secret.
package settings
