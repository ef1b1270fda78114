// Package openapitest checks real HTTP exchanges with the gateway against
// the service's OpenAPI document (package openapi), for the tests of
// internal/api and of the conformance suite: the request of every
// successful exchange against its operation's parameters, security and
// request body; every answer's status, content type, headers and body
// against the operation's responses; answers to paths or methods the
// document does not describe against the Error schema.
//
// It uses github.com/pb33f/libopenapi-validator, which implements OpenAPI
// 3.1 (its schemas are JSON Schema 2020-12, validated by a fork of
// santhosh-tekuri/jsonschema/v6).
package openapitest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"
	liberrors "github.com/pb33f/libopenapi-validator/errors"
	"github.com/pb33f/libopenapi-validator/schema_validation"
	"github.com/pb33f/libopenapi/datamodel/high/base"

	"github.com/contractsearch/contractsearch/internal/api/openapi"
)

// Exchange is one request as sent and the answer as received.
type Exchange struct {
	// Method and Target (path and query) of the request.
	Method, Target string
	// Header and Body of the request.
	Header http.Header
	Body   []byte
	// Status, RespHeader and RespBody of the answer.
	Status     int
	RespHeader http.Header
	RespBody   []byte
}

// Checker validates exchanges against the document. It is safe for
// concurrent use.
type Checker struct {
	v        validator.Validator
	doc      libopenapi.Document
	errorSch *base.Schema
	schemas  schema_validation.SchemaValidator
}

// New builds a checker for the embedded document.
func New() (*Checker, error) { return NewFor(openapi.YAML()) }

// NewFor builds a checker for the OpenAPI document src (YAML or JSON).
func NewFor(src []byte) (*Checker, error) {
	doc, err := libopenapi.NewDocument(src)
	if err != nil {
		return nil, fmt.Errorf("openapitest: parse the document: %w", err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("openapitest: build the validator: %w", errors.Join(errs...))
	}
	model, err := doc.BuildV3Model()
	if err != nil {
		return nil, fmt.Errorf("openapitest: build the model: %w", err)
	}
	comps := model.Model.Components
	if comps == nil || comps.Schemas == nil || comps.Schemas.GetOrZero("Error") == nil {
		return nil, errors.New("openapitest: the document has no Error schema")
	}
	return &Checker{v: v, doc: doc, errorSch: comps.Schemas.GetOrZero("Error").Schema(), schemas: schema_validation.NewSchemaValidator()}, nil
}

// ValidateDocument checks the document against the OpenAPI 3.1
// specification's schema.
func (c *Checker) ValidateDocument() error {
	if ok, errs := c.v.ValidateDocument(); !ok {
		return joinValidation("the document does not match the OpenAPI specification's schema", errs)
	}
	return nil
}

// Check validates one exchange: the request when the answer is a success
// (a refused request is, by design, often not one the document allows),
// and the answer always. OPTIONS, which the router answers on every path
// (the document says so in its description), has no operation to check
// the request against.
func (c *Checker) Check(e Exchange) error {
	var errs []error
	if e.Status >= 200 && e.Status < 300 && e.Method != http.MethodOptions {
		errs = append(errs, c.CheckRequest(e))
	}
	errs = append(errs, c.CheckResponse(e))
	return errors.Join(errs...)
}

// jsonAlike are the request content types the gateway reads as JSON
// besides application/json (internal/api checkContentType); the document
// declares application/json only, so such a request is checked as the
// JSON it is.
var jsonAlike = []string{"", "application/x-ndjson", "application/x-www-form-urlencoded"}

// CheckRequest validates the request against its operation.
func (c *Checker) CheckRequest(e Exchange) error {
	req, err := e.request()
	if err != nil {
		return err
	}
	if len(e.Body) > 0 {
		mt, _, _ := mime.ParseMediaType(req.Header.Get("Content-Type"))
		for _, alike := range jsonAlike {
			if mt == alike {
				req.Header.Set("Content-Type", "application/json")
			}
		}
	}
	if ok, errs := c.v.ValidateHttpRequestSync(req); !ok {
		return joinValidation("request "+e.Method+" "+e.Target+mismatch, errs)
	}
	return nil
}

// CheckResponse validates the answer against the responses of the
// request's operation; an answer to a path the document does not describe
// must be a 404 in the Error shape, one to a method it does not describe a
// 405 (204 without a body for OPTIONS).
func (c *Checker) CheckResponse(e Exchange) error {
	req, err := e.request()
	if err != nil {
		return err
	}
	ok, errs := c.v.ValidateHttpResponse(req, e.response())
	if ok {
		return nil
	}
	for _, ve := range errs {
		switch {
		case ve.IsPathMissingError():
			return c.checkUnrouted(e, http.StatusNotFound)
		case ve.IsOperationMissingError():
			if e.Method == http.MethodOptions {
				if e.Status != http.StatusNoContent || len(e.RespBody) > 0 || e.RespHeader.Get("Allow") == "" {
					return fmt.Errorf("OPTIONS %s: answered %d with %d body bytes and Allow %q, want 204, no body, an Allow header",
						e.Target, e.Status, len(e.RespBody), e.RespHeader.Get("Allow"))
				}
				return nil
			}
			return c.checkUnrouted(e, http.StatusMethodNotAllowed)
		}
	}
	return joinValidation(fmt.Sprintf("answer %d to %s %s", e.Status, e.Method, e.Target)+mismatch, errs)
}

// CheckError validates body against the Error schema.
func (c *Checker) CheckError(body []byte) error {
	if ok, errs := c.schemas.ValidateSchemaBytes(c.errorSch, body); !ok {
		return joinValidation("error body"+mismatch, errs)
	}
	return nil
}

// checkUnrouted checks the answer to a path or method the document does
// not describe.
func (c *Checker) checkUnrouted(e Exchange, want int) error {
	if e.Status != want {
		return fmt.Errorf("%s %s is not described by the document and answered %d, not %d", e.Method, e.Target, e.Status, want)
	}
	if mt, _, _ := mime.ParseMediaType(e.RespHeader.Get("Content-Type")); mt != "application/json" {
		return fmt.Errorf("%s %s: error answered as %q", e.Method, e.Target, e.RespHeader.Get("Content-Type"))
	}
	return c.CheckError(e.RespBody)
}

func (e Exchange) request() (*http.Request, error) {
	req, err := http.NewRequest(e.Method, "http://localhost:8080"+e.Target, bytes.NewReader(e.Body))
	if err != nil {
		return nil, fmt.Errorf("openapitest: request %s %s: %w", e.Method, e.Target, err)
	}
	req.Header = e.Header.Clone()
	if req.Header == nil {
		req.Header = http.Header{}
	}
	return req, nil
}

func (e Exchange) response() *http.Response {
	h := e.RespHeader.Clone()
	if h == nil {
		h = http.Header{}
	}
	return &http.Response{
		StatusCode:    e.Status,
		Status:        strconv.Itoa(e.Status) + " " + http.StatusText(e.Status),
		Header:        h,
		Body:          io.NopCloser(bytes.NewReader(e.RespBody)),
		ContentLength: int64(len(e.RespBody)),
	}
}

const mismatch = " does not match the OpenAPI document"

// joinValidation renders validation errors with their schema failures
// after the headline.
func joinValidation(headline string, errs []*liberrors.ValidationError) error {
	var b strings.Builder
	b.WriteString(headline + ":")
	for _, e := range errs {
		fmt.Fprintf(&b, "\n  %s: %s", e.Message, e.Reason)
		for _, f := range e.SchemaValidationErrors {
			fmt.Fprintf(&b, "\n    at %s (%s): %s", f.FieldPath, f.KeywordLocation, f.Reason)
		}
	}
	return errors.New(b.String())
}
