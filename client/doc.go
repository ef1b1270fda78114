// Package client is a Go client of the contract search API, generated
// from the service's OpenAPI document (internal/api/openapi/openapi.yaml,
// served at /api/v1alpha/openapi.json) by oapi-codegen, the version go.mod
// requires: `go generate ./client` rewrites client.gen.go, and a test of
// internal/clientgen fails when the committed file differs from what the
// document gives.
//
// NewClientWithResponses returns a client whose methods decode each
// answer by its status: SearchWithResponse's JSON200 is a SearchResponse
// (AsFormAResponse or AsFormBResponse, by the request's form), its JSON400
// an Error. The API token goes in every request's `token` query parameter;
// WithToken adds it.
package client

//go:generate go run ./internal/clientgen -o client.gen.go
