package client

import (
	"context"
	"net/http"
)

// WithToken makes every request of the client carry the API token in the
// `token` query parameter, the API's one credential (the document's
// `token` security scheme, which oapi-codegen leaves to the caller).
func WithToken(token string) ClientOption {
	return WithRequestEditorFn(func(_ context.Context, req *http.Request) error {
		q := req.URL.Query()
		q.Set("token", token)
		req.URL.RawQuery = q.Encode()
		return nil
	})
}
