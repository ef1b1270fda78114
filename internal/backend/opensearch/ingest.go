package opensearch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/contractsearch/contractsearch/mappings"
)

// IngestOptions configure Ingest.
type IngestOptions struct {
	// Version names the new version; empty means NewVersion(time.Now()).
	Version string
	// MaxErrors is how many rejected lines plus rejected documents are
	// tolerated; past it the load counts as failed and nothing is switched.
	// Negative means no limit. The zero value tolerates none: a version with
	// documents missing is published only when the operator says so.
	MaxErrors int
	// Keep is how many versions survive the clean-up after the switch: the
	// new one and Keep-1 older ones (default 2, the new and the previous).
	Keep int
	// MaxReported bounds the rejections kept in the report (default 100);
	// all are counted, and all reach OnError.
	MaxReported int
	// OnError, when set, is called for every rejected line or document as
	// it is found.
	OnError func(line int, reason string)
}

// LineError is one rejected input line or document, by input line number.
type LineError struct {
	Line   int
	Reason string
}

// IngestReport says what Ingest did, for the summary an operator reads.
type IngestReport struct {
	Version string
	Stats   Stats
	// Errors are the first MaxReported rejections.
	Errors []LineError
	// Switched is true once the aliases point at Version.
	Switched bool
	// Deleted lists the old versions deleted after the switch.
	Deleted []string
	// CleanupErr is a failure to delete old versions after a successful
	// switch: worth a warning, not a failed ingest.
	CleanupErr error
	Duration   time.Duration
}

// Ingest publishes the bulk NDJSON in r as a new version: it creates the
// version's indexes, loads r into them (LoadBulk), switches all aliases to
// them in one request (SwitchAliases) and deletes versions older than the
// ones kept (DeleteOldVersions).
//
// If creating or loading fails — including too many rejections or no
// document at all — nothing is switched, so the previous version keeps
// serving, and the new version's indexes are deleted. A failed switch is
// left as it is: an unacknowledged switch may still apply, so deleting the
// version then could pull the indexes from under the aliases.
func (b *Backend) Ingest(ctx context.Context, r io.Reader, opts IngestOptions) (*IngestReport, error) {
	start := time.Now()
	rep := &IngestReport{Version: opts.Version}
	defer func() { rep.Duration = time.Since(start) }()
	if rep.Version == "" {
		rep.Version = NewVersion(start)
	}
	if err := ValidVersion(rep.Version); err != nil {
		return rep, fmt.Errorf("opensearch: ingest: %w", err)
	}
	if opts.Keep == 0 {
		opts.Keep = 2
	}
	if opts.Keep < 1 {
		return rep, fmt.Errorf("opensearch: ingest: keep %d: must be at least 1", opts.Keep)
	}
	if opts.MaxReported <= 0 {
		opts.MaxReported = 100
	}
	onError := func(line int, reason string) {
		if len(rep.Errors) < opts.MaxReported {
			rep.Errors = append(rep.Errors, LineError{Line: line, Reason: reason})
		}
		if opts.OnError != nil {
			opts.OnError(line, reason)
		}
	}

	if created, err := b.createIndexes(ctx, rep.Version); err != nil {
		return rep, b.cleanUp(ctx, rep.Version, err, func(ctx context.Context) error {
			return b.deleteIndexes(ctx, created)
		})
	}
	st, err := b.LoadBulk(ctx, r, rep.Version, onError)
	rep.Stats = st
	if err != nil {
		return rep, b.abandon(ctx, rep.Version, err)
	}
	if rejected := st.BadLines + st.Failed; opts.MaxErrors >= 0 && rejected > opts.MaxErrors {
		return rep, b.abandon(ctx, rep.Version, fmt.Errorf("opensearch: ingest: %d lines or documents rejected, more than the %d allowed", rejected, opts.MaxErrors))
	}
	if st.TotalDocs() == 0 {
		return rep, b.abandon(ctx, rep.Version, errors.New("opensearch: ingest: no document loaded; an empty version is not published"))
	}
	if err := b.SwitchAliases(ctx, rep.Version); err != nil {
		return rep, fmt.Errorf("%w (version %s left in place: delete it once the aliases are known not to point at it)", err, rep.Version)
	}
	rep.Switched = true
	rep.Deleted, rep.CleanupErr = b.DeleteOldVersions(ctx, opts.Keep)
	return rep, nil
}

// abandon deletes a version that will not be published and returns cause.
func (b *Backend) abandon(ctx context.Context, version string, cause error) error {
	return b.cleanUp(ctx, version, cause, func(ctx context.Context) error {
		return b.deleteVersion(ctx, version)
	})
}

// cleanUp runs del and returns cause, with del's own failure if any. It
// runs even when ctx was cancelled (an interrupted load is the common
// case), within its own short deadline.
func (b *Backend) cleanUp(ctx context.Context, version string, cause error, del func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	if err := del(ctx); err != nil {
		return errors.Join(cause, fmt.Errorf("opensearch: could not delete the abandoned version %s: %w", version, err))
	}
	return cause
}

// WriteSummary writes the report for an operator: the outcome, lines read,
// documents per index, rejections with their reasons, and the time taken.
func (rep *IngestReport) WriteSummary(w io.Writer) error {
	var sb strings.Builder
	if rep.Switched {
		fmt.Fprintf(&sb, "version %s: published (aliases switched)\n", rep.Version)
	} else {
		fmt.Fprintf(&sb, "version %s: NOT published; the previous version keeps serving\n", rep.Version)
	}
	st := rep.Stats
	fmt.Fprintf(&sb, "lines read: %d\n", st.Lines)
	fmt.Fprintf(&sb, "documents loaded: %d in %d bulk requests (%.1f MiB)\n", st.TotalDocs(), st.Batches, float64(st.Bytes)/(1<<20))
	for _, name := range mappings.Names() {
		fmt.Fprintf(&sb, "  %-12s %d\n", name, st.Docs[name])
	}
	fmt.Fprintf(&sb, "bad lines: %d, rejected documents: %d\n", st.BadLines, st.Failed)
	for _, e := range rep.Errors {
		fmt.Fprintf(&sb, "  line %d: %s\n", e.Line, e.Reason)
	}
	if more := st.BadLines + st.Failed - len(rep.Errors); more > 0 {
		fmt.Fprintf(&sb, "  … and %d more\n", more)
	}
	if len(rep.Deleted) > 0 {
		fmt.Fprintf(&sb, "old versions deleted: %s\n", strings.Join(rep.Deleted, ", "))
	}
	if rep.CleanupErr != nil {
		fmt.Fprintf(&sb, "warning: old versions not deleted: %v\n", rep.CleanupErr)
	}
	fmt.Fprintf(&sb, "seconds: %.2f\n", rep.Duration.Seconds())
	_, err := io.WriteString(w, sb.String())
	return err
}
