package openapi

import (
	"bytes"

	"go.yaml.in/yaml/v3"
)

// WriteJSONForTest exposes writeJSON to the package's external tests.
func WriteJSONForTest(n *yaml.Node) (string, error) {
	var b bytes.Buffer
	err := writeJSON(&b, n)
	return b.String(), err
}
