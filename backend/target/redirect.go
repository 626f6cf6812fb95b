package target

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"gopkg.in/yaml.v3"
)

// Redirect policies of a target file's follow_redirects.
const (
	RedirectsNever      = "never"
	RedirectsSameOrigin = "same-origin"
)

// maxRedirects bounds a same-origin redirect chain, as net/http does.
const maxRedirects = 10

// ErrRedirect means the target answered with a redirect that was not
// followed; the question is an error, never a score of the other server.
var ErrRedirect = errors.New("redirect not followed")

// RedirectError is a refused redirect: where the target sent the request
// and why it did not go there.
type RedirectError struct {
	Status   string // the redirect's status line, e.g. "307 Temporary Redirect"
	Location string // the resolved Location, without user info, query or fragment
	Reason   string
}

func (e *RedirectError) Error() string {
	return fmt.Sprintf("the target answered %s to %s, which is not followed: %s", e.Status, e.Location, e.Reason)
}

func (e *RedirectError) Unwrap() error { return ErrRedirect }

func (p *parser) followRedirects(v *yaml.Node) error {
	s, err := p.str("follow_redirects", v)
	if err != nil {
		return err
	}
	switch s {
	case RedirectsNever, RedirectsSameOrigin:
		p.cfg.FollowRedirects = s
		return nil
	}
	return p.errf(v, "follow_redirects %q is not supported (want %s or %s; a redirect to another origin is never followed, it would carry the headers there)",
		s, RedirectsNever, RedirectsSameOrigin)
}

// withRedirectPolicy copies hc with the target's redirect policy. The
// configured headers (X-Api-Key, Authorization, ...) are copied by net/http
// onto every hop, and Authorization survives a hop that changes only the
// port, so a hop to another origin must never be made at all.
func withRedirectPolicy(hc *http.Client, policy string) *http.Client {
	copied := *hc
	next := hc.CheckRedirect
	copied.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		refuse := func(reason string) error {
			status := "a redirect"
			if req.Response != nil {
				status = req.Response.Status
			}
			return &RedirectError{Status: status, Location: SafeURL(req.URL.String()), Reason: reason}
		}
		switch {
		case policy != RedirectsSameOrigin:
			return refuse("the target file does not say follow_redirects: same-origin")
		case !sameOrigin(via[0].URL, req.URL):
			return refuse(fmt.Sprintf("it leaves the origin %s, and the request's headers never go to another", origin(via[0].URL)))
		case len(via) >= maxRedirects:
			return refuse(fmt.Sprintf("stopped after %d redirects", maxRedirects))
		}
		// net/http adds the previous address as Referer; it may carry the
		// question or a ${VAR} from the url, so only a configured one goes.
		if via[0].Header.Get("Referer") == "" {
			req.Header.Del("Referer")
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
	return &copied
}

// sameOrigin compares scheme, host and port (RFC 6454), with the scheme's
// default port made explicit.
func sameOrigin(a, b *url.URL) bool {
	return origin(a) == origin(b)
}

func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return scheme + "://" + host + ":" + port
}
