package claims

import "errors"

// ErrTooManyClaims means the draft holds more claims than one check
// judges; the error wrapping it carries the count.
var ErrTooManyClaims = errors.New("claims: too many claims in one draft")
