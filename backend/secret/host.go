package secret

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// DefaultHost is the host of OpenAI's API, the endpoint used when no base
// URL is configured. A key saved before keys were bound to hosts, and an
// OPENAI_API_KEY with no other hint, belong to it.
const DefaultHost = "api.openai.com"

// ErrWrongHost means the available key was saved for another host than the
// endpoint about to be called; the key is withheld.
var ErrWrongHost = errors.New("the API key belongs to another host")

// WrongHostError names both hosts so the user knows which key to save.
type WrongHostError struct {
	KeyHost string // the host the key was saved for
	Host    string // the endpoint's host
	Source  Source // where the withheld key came from
}

func (e *WrongHostError) Error() string {
	if e.Source == SourceEnv {
		return fmt.Sprintf("the %s key belongs to %s; save a key for %s in Settings, or set %s=%s if that key is meant for it",
			EnvKey, e.KeyHost, e.Host, EnvKeyHost, e.Host)
	}
	return fmt.Sprintf("the stored API key belongs to %s; save a key for %s in Settings", e.KeyHost, e.Host)
}

func (e *WrongHostError) Is(target error) bool { return target == ErrWrongHost }

// HostOf is the host a key is bound to for an endpoint: the lower-case
// host name, with the port only when it is not the scheme's default, so
// "https://API.openai.com:443/v1" and "https://api.openai.com" share a key
// while two local servers on different ports do not. "" is OpenAI's API.
func HostOf(baseURL string) (string, error) {
	if baseURL == "" {
		return DefaultHost, nil
	}
	u, err := url.Parse(baseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return "", fmt.Errorf("secret: %q is not an http(s) URL", baseURL)
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	port := u.Port()
	if port == "" || (u.Scheme == "https" && port == "443") || (u.Scheme == "http" && port == "80") {
		if strings.Contains(host, ":") {
			return "[" + host + "]", nil
		}
		return host, nil
	}
	return net.JoinHostPort(host, port), nil
}

// hostHint reads a host given either as a URL or as a bare host[:port].
func hostHint(v string) (string, error) {
	if !strings.Contains(v, "://") {
		v = "https://" + v
	}
	return HostOf(v)
}
