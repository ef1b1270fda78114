// Command clientgen writes the Go client of the search API (package
// client, file client.gen.go) from the service's OpenAPI document with
// oapi-codegen, the version go.mod requires, so it runs offline through the
// Go module proxy. `go generate ./client` runs it; a test of this package
// fails when the committed file is not what it writes, so the client
// cannot drift from internal/api/openapi/openapi.yaml.
//
// oapi-codegen reads OpenAPI 3.1 (type arrays with "null", const) but not
// every JSON Schema spelling the document uses; generatorView rewrites
// those few, keeping every shape (docs/decisions.md, "The generated Go
// client").
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/google/renameio/v2"

	"github.com/contractsearch/contractsearch/internal/api/openapi"
)

func main() {
	out := flag.String("o", "client.gen.go", "the Go file to write")
	view := flag.String("view", "", "also write the document as the generator reads it (YAML) to this file")
	flag.Parse()
	if err := run(*out, *view); err != nil {
		fmt.Fprintln(os.Stderr, "clientgen:", err)
		os.Exit(1)
	}
}

func run(out, view string) error {
	spec, err := generatorView(openapi.YAML())
	if err != nil {
		return err
	}
	if view != "" {
		if err := renameio.WriteFile(view, spec, 0o644); err != nil {
			return err
		}
	}
	code, err := generate(spec)
	if err != nil {
		return err
	}
	return renameio.WriteFile(out, code, 0o644)
}
