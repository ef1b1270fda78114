package generation

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// verifyBufSize is the read size of a verification pass: large enough for
// few system calls, small enough to cost nothing resident.
const verifyBufSize = 256 << 10

// DamageError reports a generation that cannot be served: a file missing,
// of the wrong size, replaced, or whose checksum does not match; or a
// MANIFEST that is absent or damaged (an empty or half-written directory).
type DamageError struct {
	Gen uint64
	// File is the file at fault, within the generation's directory.
	File string
	Err  error
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("generation %d: %s: %v", e.Gen, e.File, e.Err)
}

func (e *DamageError) Unwrap() error { return e.Err }

// Reason is a short, fixed description of the damage, fit for a status
// report that must not carry paths or system error texts.
func (e *DamageError) Reason() string { return Reason(e.Err) }

// Reason classifies an error met opening or verifying a generation:
// "missing", "truncated", "corrupt", "unsupported version", "replaced" or
// "unreadable".
func Reason(err error) string {
	var ve *encoding.VersionError
	switch {
	case errors.Is(err, errReplaced):
		return "replaced"
	case errors.Is(err, fs.ErrNotExist):
		return "missing"
	case errors.Is(err, encoding.ErrTruncated):
		return "truncated"
	case errors.Is(err, encoding.ErrCorrupt):
		return "corrupt"
	case errors.As(err, &ve):
		return "unsupported version"
	default:
		return "unreadable"
	}
}

// errReplaced reports a path that no longer names the file mapped when
// the generation was opened.
var errReplaced = errors.New("file replaced since the generation was opened")

// fileID identifies a file's content as the file system sees it: a write,
// truncation or replacement changes it.
type fileID struct {
	dev, ino     uint64
	size         uint64
	mtime, ctime unix.Timespec
}

func statID(f *os.File) (fileID, error) {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return fileID{}, fmt.Errorf("stat: %w", err)
	}
	return idOf(&st), nil
}

func idOf(st *unix.Stat_t) fileID {
	return fileID{dev: uint64(st.Dev), ino: st.Ino, size: uint64(st.Size), mtime: st.Mtim, ctime: st.Ctim}
}

func sizeError(got, want uint64) error {
	kind := encoding.ErrTruncated
	if got > want {
		kind = encoding.ErrCorrupt
	}
	return fmt.Errorf("%w: %d bytes, MANIFEST says %d", kind, got, want)
}

// VerifyFile checks one file of the generation: that its path still names
// the file mapped at Open, with the MANIFEST's size, and that the CRC32C
// in its footer matches its content. Every file of a generation ends with
// the engine's footer (package encoding), whatever its type. The file is
// read with pread, not through the mapping, so verifying adds nothing to
// the process's resident memory and a file truncated meanwhile is an
// error, not a fault. It returns a *DamageError.
func (g *Generation) VerifyFile(name string) error {
	return g.verifyFile(name, make([]byte, verifyBufSize))
}

func (g *Generation) verifyFile(name string, buf []byte) error {
	want, ok := g.ids[name]
	if !ok {
		return &DamageError{Gen: g.N, File: name, Err: fs.ErrNotExist}
	}
	damaged := func(err error) error { return &DamageError{Gen: g.N, File: name, Err: err} }
	f, err := os.Open(filepath.Join(g.Path, name))
	if err != nil {
		return damaged(err)
	}
	defer f.Close()
	id, err := statID(f)
	if err != nil {
		return damaged(err)
	}
	if id.dev != want.dev || id.ino != want.ino {
		return damaged(errReplaced)
	}
	if id.size != want.size {
		return damaged(sizeError(id.size, want.size))
	}
	if err := encoding.VerifyReaderAt(f, int64(id.size), buf); err != nil {
		return damaged(err)
	}
	return nil
}

// Verify checks every file of the generation (VerifyFile) and returns the
// damage found, every file's (errors.Join of *DamageError), or nil. It
// stops early, with ctx's error, when ctx ends.
func (g *Generation) Verify(ctx context.Context) error {
	buf := make([]byte, verifyBufSize)
	var errs []error
	for _, name := range g.Files() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := g.verifyFile(name, buf); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// changedFiles returns the files whose path no longer shows the file as
// it was mapped (written, truncated, replaced or removed since): a poll's
// cheap check, by stat alone, of what must be verified again.
func (g *Generation) changedFiles() []string {
	var changed []string
	for _, name := range g.Files() {
		var st unix.Stat_t
		if err := unix.Stat(filepath.Join(g.Path, name), &st); err != nil || idOf(&st) != g.ids[name] {
			changed = append(changed, name)
		}
	}
	return changed
}
