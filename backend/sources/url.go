package sources

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// MaxURL bounds a link handed to the system browser.
const MaxURL = 2048

// ErrBadURL means a link is not one the system browser may be given.
var ErrBadURL = errors.New("not an http(s) link")

// BrowserURL checks that raw is an absolute http or https URL with a host
// and returns it as it will be opened. It refuses what the desktop's
// launcher would silently drop: credentials, white space, control and
// invisible characters and shell metacharacters.
func BrowserURL(raw string) (string, error) {
	if raw == "" || len(raw) > MaxURL {
		return "", fmt.Errorf("%w: must be 1 to %d bytes", ErrBadURL, MaxURL)
	}
	for _, r := range raw {
		if unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return "", fmt.Errorf("%w: contains white space or an invisible character", ErrBadURL)
		}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrBadURL, err)
	}
	if s := strings.ToLower(u.Scheme); s != "http" && s != "https" {
		return "", fmt.Errorf("%w: scheme %q", ErrBadURL, u.Scheme)
	}
	if u.Host == "" || u.Hostname() == "" {
		return "", fmt.Errorf("%w: no host", ErrBadURL)
	}
	if u.User != nil {
		return "", fmt.Errorf("%w: credentials in the link", ErrBadURL)
	}
	out := u.String()
	if i := strings.IndexAny(out, ";|`$\\<>*{}[]()~!"); i >= 0 {
		return "", fmt.Errorf("%w: the character %q cannot be passed to the browser", ErrBadURL, out[i])
	}
	return out, nil
}
