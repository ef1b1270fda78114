//go:build contractsource

// This file switches the pipeline to package contract/source's readers
// (text, HTML with charset decoding, EDGAR submissions with Latin-1 and
// EX-99 agreements) once that package is merged: build with
// -tags contractsource, or delete the build line above to make it the
// default and the pipeline's own readers (readText, readHTML,
// readSubmission) can go. The pipeline keeps its manifest (Lookup by
// sequence or exhibit type) and applies it after reading, so source's own
// manifest option is left unset.

package ingest

import (
	"errors"
	"math"

	"github.com/contractsearch/contractsearch/internal/contract/source"
)

func init() { defaultReaders = sourceReaders }

// sourceReaders reads every extension source knows with source.Read.
func sourceReaders() Readers {
	out := Readers{}
	for _, ext := range source.Extensions {
		out[ext] = ReaderFunc(readSource)
	}
	return out
}

// readSource adapts source.Read: its refusals become *RefusedError; the
// size limit is the pipeline's (checked before reading).
func readSource(p string, data []byte) ([]Document, error) {
	docs, err := source.Read(p, data, source.Options{MaxBytes: math.MaxInt64})
	if err != nil {
		var re *source.RefusedError
		if errors.As(err, &re) {
			if re.Detail != "" {
				return nil, refused("%v (%s)", re.Reason, re.Detail)
			}
			return nil, refused("%v", re.Reason)
		}
		return nil, err
	}
	out := make([]Document, len(docs))
	for i, d := range docs {
		out[i] = Document{Text: d.Text, Meta: d.Meta}
	}
	return out, nil
}
