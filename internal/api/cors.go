package api

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// cors lets scripts served from origins call the API from a browser:
// preflight requests are answered (204) and answers carry
// Access-Control-Allow-Origin for an allowed Origin. Origins match
// exactly (config.Load has checked and lower-cased them); "*" allows any.
// No credentials are allowed: the token travels in the address, never
// in a cookie.
func cors(origins []string) echo.MiddlewareFunc {
	anyOrigin := slices.Contains(origins, "*")
	return middleware.CORSWithConfig(middleware.CORSConfig{
		AllowOriginFunc: func(origin string) (bool, error) {
			return anyOrigin || slices.Contains(origins, origin), nil
		},
		AllowMethods:  []string{http.MethodGet, http.MethodPost},
		AllowHeaders:  []string{echo.HeaderContentType, echo.HeaderXRequestID, echo.HeaderAccept},
		ExposeHeaders: []string{echo.HeaderXRequestID, echo.HeaderRetryAfter},
		MaxAge:        600,
	})
}
