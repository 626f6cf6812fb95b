// Package secret keeps the API key in the OS keyring, bounded by a timeout
// because keyring backends can hang on headless machines, with the
// OPENAI_API_KEY environment variable as the fallback.
//
// Every key is bound to the host it was saved for (see HostOf): For hands
// out a key only to an endpoint on that host, so changing the base URL in
// Settings cannot send a key to a server it was never meant for. The
// environment key belongs to $CONTINUITY_API_KEY_HOST, else to the host of
// $OPENAI_BASE_URL, else to api.openai.com.
package secret
