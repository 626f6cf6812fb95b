package crawl

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/temoto/robotstxt"
)

// robotsRules is one host's robots.txt as it applies to our user agent.
// denyAll carries why the whole host is off limits (RFC 9309: a 5xx or an
// unreachable robots.txt means "disallow all"), so the skip says so.
type robotsRules struct {
	group   *robotstxt.Group
	denyAll string
}

// allowed reports whether path may be fetched and, when not, the reason.
func (r robotsRules) allowed(u *url.URL) (bool, string) {
	if r.denyAll != "" {
		return false, "disallowed by robots.txt (" + r.denyAll + ")"
	}
	if r.group == nil {
		return true, ""
	}
	path := u.EscapedPath()
	if path == "" {
		path = "/"
	}
	if u.RawQuery != "" {
		path += "?" + u.RawQuery
	}
	if r.group.Test(path) {
		return true, ""
	}
	return false, "disallowed by robots.txt"
}

// robotsCache fetches each host's robots.txt once per crawl.
type robotsCache struct {
	fetch *fetcher
	agent string // the product token robots groups are matched on
	hosts map[string]robotsRules
}

func (c *robotsCache) rules(ctx context.Context, u *url.URL) (robotsRules, error) {
	key := strings.ToLower(u.Scheme + "://" + u.Host)
	if r, ok := c.hosts[key]; ok {
		return r, nil
	}
	r, err := c.load(ctx, key+"/robots.txt")
	if err != nil {
		return r, err
	}
	if r.group != nil {
		c.fetch.slowHost(u.Host, r.group.CrawlDelay)
	}
	c.hosts[key] = r
	return r, nil
}

func (c *robotsCache) load(ctx context.Context, robotsURL string) (robotsRules, error) {
	resp, err := c.fetch.get(ctx, robotsURL, nil)
	if err != nil {
		if ctx.Err() != nil {
			return robotsRules{}, ctx.Err()
		}
		return robotsRules{denyAll: "robots.txt unreachable: " + err.Error()}, nil
	}
	switch {
	case resp.Status >= 500:
		return robotsRules{denyAll: fmt.Sprintf("robots.txt answered HTTP %d", resp.Status)}, nil
	case resp.Status >= 400:
		return robotsRules{}, nil
	case resp.Status != 200:
		return robotsRules{denyAll: fmt.Sprintf("robots.txt answered HTTP %d", resp.Status)}, nil
	}
	data, err := robotstxt.FromBytes(resp.Body)
	if err != nil {
		return robotsRules{denyAll: "robots.txt unreadable: " + firstLine(err.Error())}, nil
	}
	return robotsRules{group: data.FindGroup(c.agent)}, nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(strings.TrimPrefix(s, "Parse error(s): "))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
