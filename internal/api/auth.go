package api

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/http"

	"github.com/contractsearch/contractsearch/internal/apierr"
)

// authenticator checks API tokens in constant time. Tokens are kept only as
// SHA-256 digests, so every comparison is over 32 bytes whatever the
// token's length, and every configured token is compared on every request,
// so timing reveals neither which token matched nor how much of one did.
type authenticator struct {
	digests [][sha256.Size]byte
	ids     []string
}

func newAuthenticator(tokens []string) *authenticator {
	a := &authenticator{}
	for _, t := range tokens {
		d := sha256.Sum256([]byte(t))
		a.digests = append(a.digests, d)
		// The id is a short digest prefix: enough to tell callers apart in
		// logs and rate limits, useless for recovering the token.
		a.ids = append(a.ids, hex.EncodeToString(d[:4]))
	}
	return a
}

// check returns the token's id, or a 401 security_exception. The token
// itself never appears in the error.
func (a *authenticator) check(token string) (string, error) {
	if token == "" {
		return "", apierr.New(http.StatusUnauthorized, apierr.TypeSecurity,
			"missing authentication credentials for REST request: pass the API token as the token query parameter")
	}
	d := sha256.Sum256([]byte(token))
	match := -1
	for i := range a.digests {
		if subtle.ConstantTimeCompare(d[:], a.digests[i][:]) == 1 {
			match = i
		}
	}
	if match < 0 {
		return "", apierr.New(http.StatusUnauthorized, apierr.TypeSecurity,
			"unable to authenticate the request: the API token is not valid")
	}
	return a.ids[match], nil
}
