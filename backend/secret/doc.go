// Package secret keeps the API key in the OS keyring, bounded by a timeout
// because keyring backends can hang on headless machines, with the
// OPENAI_API_KEY environment variable as the fallback.
package secret
