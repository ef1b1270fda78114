// Package generation owns the index directory's life cycle: building a new
// generation of index files beside the live one, publishing it atomically,
// opening a generation's files memory-mapped, swapping the served
// generation without a restart while searches in flight keep theirs, and
// deleting generations nobody uses any more — across processes.
//
// # Layout
//
//	INDEX_DIR/
//	  gen-00000007/        a published generation: its files and MANIFEST
//	  gen-00000008/
//	  .build-<random>/     a generation being built
//	  .lock-<random>       its builder's lock, flocked while the builder lives
//	  .builds.lock         held while a build is created or stale ones removed
//
// A build writes into its own .build directory, fsyncs every file, writes
// the MANIFEST (file names and sizes, with a checksummed footer) last,
// fsyncs the directory, renames it to the next gen-N and fsyncs INDEX_DIR.
// The rename is the commit point: a build killed at any moment before it
// leaves only a .build directory and its lock file, which readers ignore
// and the next build removes, so the previous generation keeps serving.
//
// Every process that has a generation open holds a shared flock on its
// MANIFEST; a generation older than the newest is deleted only when an
// exclusive flock on it succeeds, that is when no process uses it.
package generation

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

const (
	genPrefix    = "gen-"
	buildPrefix  = ".build-"
	lockPrefix   = ".lock-"
	manifestName = "MANIFEST"
	// dirLockName serialises creating builds and removing stale ones, across
	// goroutines and processes, so a clean-up never meets a build halfway
	// set up.
	dirLockName = ".builds.lock"

	// Magic and Version identify a MANIFEST file.
	Magic   uint32 = 0x4e414d47 // "GMAN"
	Version uint32 = 1
)

// ErrNoGeneration is returned when the directory holds no published
// generation.
var ErrNoGeneration = errors.New("no published index generation")

// Dir is an index directory.
type Dir struct {
	path string
}

// OpenDir returns the index directory at path, creating it if needed.
func OpenDir(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("generation: create %s: %w", path, err)
	}
	return &Dir{path: path}, nil
}

// Path returns the directory's path.
func (d *Dir) Path() string { return d.path }

func genName(n uint64) string { return fmt.Sprintf("%s%08d", genPrefix, n) }

// Generations lists the published generation numbers, ascending.
func (d *Dir) Generations() ([]uint64, error) {
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return nil, fmt.Errorf("generation: list %s: %w", d.path, err)
	}
	var gens []uint64
	for _, e := range entries {
		num, ok := strings.CutPrefix(e.Name(), genPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		n, err := strconv.ParseUint(num, 10, 64)
		if err != nil {
			continue
		}
		gens = append(gens, n)
	}
	sort.Slice(gens, func(i, j int) bool { return gens[i] < gens[j] })
	return gens, nil
}

// Latest returns the newest published generation.
func (d *Dir) Latest() (uint64, error) {
	gens, err := d.Generations()
	if err != nil {
		return 0, err
	}
	if len(gens) == 0 {
		return 0, fmt.Errorf("generation: %s: %w", d.path, ErrNoGeneration)
	}
	return gens[len(gens)-1], nil
}

// Build is a generation being written.
type Build struct {
	dir      *Dir
	path     string
	lockPath string
	lock     *os.File
	done     bool
}

// NewBuild starts a generation in a fresh build directory, after removing
// the build directories of builders that are gone.
//
// The builder's lock is a file beside its directory (.lock-X for .build-X),
// created and locked before the directory exists and removed after the
// directory is published or removed. So a build directory always has a
// lock file, held while its builder lives: a clean-up running concurrently
// can never take a directory being set up for a dead builder's.
func (d *Dir) NewBuild() (b *Build, err error) {
	err = d.withDirLock(func() error {
		if err := d.removeStaleBuilds(); err != nil {
			return err
		}
		b, err = d.newBuild()
		return err
	})
	return b, err
}

// withDirLock runs fn holding the directory-wide builds lock.
func (d *Dir) withDirLock(fn func() error) error {
	f, err := os.OpenFile(filepath.Join(d.path, dirLockName), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("generation: open %s: %w", dirLockName, err)
	}
	defer f.Close() // closing releases the lock
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		return fmt.Errorf("generation: lock %s: %w", dirLockName, err)
	}
	return fn()
}

func (d *Dir) newBuild() (*Build, error) {
	var r [8]byte
	_, _ = rand.Read(r[:])
	name := hex.EncodeToString(r[:])
	b := &Build{dir: d, path: filepath.Join(d.path, buildPrefix+name), lockPath: filepath.Join(d.path, lockPrefix+name)}
	lock, err := os.OpenFile(b.lockPath, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("generation: create build lock: %w", err)
	}
	if err := unix.Flock(int(lock.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		lock.Close()
		os.Remove(b.lockPath)
		return nil, fmt.Errorf("generation: lock build: %w", err)
	}
	b.lock = lock
	if err := os.Mkdir(b.path, 0o755); err != nil {
		b.release()
		return nil, fmt.Errorf("generation: create build directory: %w", err)
	}
	return b, nil
}

// release removes and unlocks the build's lock file.
func (b *Build) release() {
	os.Remove(b.lockPath)
	b.lock.Close()
}

// removeStaleBuilds deletes build directories and lock files of builders
// that are gone (killed or crashed): those whose lock file is missing or
// can be locked.
func (d *Dir) removeStaleBuilds() error {
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return fmt.Errorf("generation: list %s: %w", d.path, err)
	}
	for _, e := range entries {
		var name string
		var ok bool
		if name, ok = strings.CutPrefix(e.Name(), buildPrefix); !ok {
			if name, ok = strings.CutPrefix(e.Name(), lockPrefix); !ok {
				continue
			}
		}
		lockPath := filepath.Join(d.path, lockPrefix+name)
		lock, err := os.OpenFile(lockPath, os.O_RDWR, 0)
		if err == nil {
			if unix.Flock(int(lock.Fd()), unix.LOCK_EX|unix.LOCK_NB) != nil {
				lock.Close() // a live builder
				continue
			}
		}
		// Holding the dead builder's lock (or with no lock at all, which no
		// live build is without), remove its directory, then its lock.
		rmErr := os.RemoveAll(filepath.Join(d.path, buildPrefix+name))
		if lock != nil {
			os.Remove(lockPath)
			lock.Close()
		}
		if rmErr != nil {
			return fmt.Errorf("generation: remove stale build %s: %w", name, rmErr)
		}
	}
	return nil
}

// Path returns the build directory, where the caller writes its files.
func (b *Build) Path() string { return b.path }

// Publish makes the build the newest generation: every regular file in the
// build directory (but the lock) is listed in the MANIFEST with its size,
// everything is fsynced, and the directory is renamed to gen-N. It returns
// N. meta is stored in the MANIFEST for the reader (e.g. statistics).
func (b *Build) Publish(meta []byte) (uint64, error) {
	if b.done {
		return 0, errors.New("generation: build already published or aborted")
	}
	entries, err := os.ReadDir(b.path)
	if err != nil {
		return 0, fmt.Errorf("generation: list build: %w", err)
	}
	var m encoding.Encbuf
	var files []fs.DirEntry
	for _, e := range entries {
		if e.Name() == manifestName {
			continue
		}
		if !e.Type().IsRegular() {
			return 0, fmt.Errorf("generation: build holds %s, which is not a regular file", e.Name())
		}
		files = append(files, e)
	}
	m.PutUvarint(uint64(len(files)))
	for _, e := range files {
		p := filepath.Join(b.path, e.Name())
		size, err := syncFile(p)
		if err != nil {
			return 0, err
		}
		m.PutUvarintBytes([]byte(e.Name()))
		m.PutUvarint(uint64(size))
	}
	m.PutUvarintBytes(meta)
	m.PutFooter(Magic, Version)
	if err := writeSynced(filepath.Join(b.path, manifestName), m.B); err != nil {
		return 0, err
	}
	if err := syncDir(b.path); err != nil {
		return 0, err
	}
	// The rename is the commit point. Two builders may race for the same
	// number; renaming onto an existing generation fails, so retry with the
	// next one.
	for attempt := 0; attempt < 100; attempt++ {
		latest, err := b.dir.Latest()
		if errors.Is(err, ErrNoGeneration) {
			latest, err = 0, nil
		}
		if err != nil {
			return 0, err
		}
		n := latest + 1
		err = os.Rename(b.path, filepath.Join(b.dir.path, genName(n)))
		if err == nil {
			b.done = true
			b.release()
			if err := syncDir(b.dir.path); err != nil {
				return n, err
			}
			return n, nil
		}
		if !errors.Is(err, fs.ErrExist) && !errors.Is(err, unix.ENOTEMPTY) {
			return 0, fmt.Errorf("generation: publish: %w", err)
		}
	}
	return 0, errors.New("generation: publish: could not find a free generation number")
}

// Abort removes the build.
func (b *Build) Abort() error {
	if b.done {
		return nil
	}
	b.done = true
	err := os.RemoveAll(b.path)
	b.release()
	return err
}

func syncFile(path string) (int64, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return 0, fmt.Errorf("generation: open %s: %w", path, err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return 0, fmt.Errorf("generation: fsync %s: %w", path, err)
	}
	st, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("generation: stat %s: %w", path, err)
	}
	return st.Size(), nil
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("generation: create %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("generation: write %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("generation: fsync %s: %w", path, err)
	}
	return f.Close()
}

func syncDir(path string) error {
	d, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("generation: open directory %s: %w", path, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("generation: fsync directory %s: %w", path, err)
	}
	return nil
}

// Generation is an open, memory-mapped generation.
type Generation struct {
	N    uint64
	Path string
	// Meta is the metadata given to Publish.
	Meta []byte

	files    map[string][]byte
	ids      map[string]fileID // of each file as mapped
	manifest *os.File          // holds the shared flock
	release  sync.Once
}

// Open maps generation n's files and takes a shared lock on it. It reads
// the MANIFEST (checksum included) and checks that every file it lists is
// there with its size; it does not read the files' content, whose
// checksums Verify and VerifyFile check. Errors are *DamageError values
// naming the file at fault (an empty or half-written directory fails on
// its MANIFEST).
func (d *Dir) Open(n uint64) (*Generation, error) {
	path := filepath.Join(d.path, genName(n))
	mf, err := os.Open(filepath.Join(path, manifestName))
	if err != nil {
		return nil, &DamageError{Gen: n, File: manifestName, Err: err}
	}
	if err := unix.Flock(int(mf.Fd()), unix.LOCK_SH); err != nil {
		mf.Close()
		return nil, fmt.Errorf("generation %d: lock: %w", n, err)
	}
	g := &Generation{N: n, Path: path, files: map[string][]byte{}, ids: map[string]fileID{}, manifest: mf}
	if err := g.load(); err != nil {
		g.unmap()
		return nil, err
	}
	return g, nil
}

func (g *Generation) load() error {
	damaged := func(file string, err error) error { return &DamageError{Gen: g.N, File: file, Err: err} }
	raw, err := os.ReadFile(filepath.Join(g.Path, manifestName))
	if err != nil {
		return damaged(manifestName, err)
	}
	body, err := encoding.CheckFooter(raw, Magic, Version)
	if err != nil {
		return damaged(manifestName, err)
	}
	d := encoding.NewDecbuf(body)
	count := d.Uvarint()
	if count > 1<<20 {
		return damaged(manifestName, fmt.Errorf("%w: %d files", encoding.ErrCorrupt, count))
	}
	for i := uint64(0); i < count && d.Err() == nil; i++ {
		name := string(d.UvarintBytes())
		size := d.Uvarint()
		if d.Err() != nil {
			break
		}
		if name == "" || name == manifestName || strings.ContainsAny(name, "/\x00") {
			return damaged(manifestName, fmt.Errorf("%w: file name %q", encoding.ErrCorrupt, name))
		}
		data, id, err := mapFile(filepath.Join(g.Path, name), size)
		if err != nil {
			return damaged(name, err)
		}
		g.files[name] = data
		g.ids[name] = id
	}
	g.Meta = append([]byte(nil), d.UvarintBytes()...)
	if err := d.Err(); err != nil {
		return damaged(manifestName, err)
	}
	if d.Len() != 0 {
		return damaged(manifestName, fmt.Errorf("%w: %d bytes after the meta", encoding.ErrCorrupt, d.Len()))
	}
	return nil
}

// mapFile maps a file read-only and checks its size against the MANIFEST.
func mapFile(path string, size uint64) ([]byte, fileID, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fileID{}, err
	}
	defer f.Close()
	id, err := statID(f)
	if err != nil {
		return nil, fileID{}, err
	}
	if id.size != size {
		return nil, id, sizeError(id.size, size)
	}
	if size == 0 {
		return []byte{}, id, nil
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, id, fmt.Errorf("mmap: %w", err)
	}
	return data, id, nil
}

// File returns the mapped content of a file of the generation. The slice
// is valid while the caller holds a reference.
func (g *Generation) File(name string) ([]byte, bool) {
	b, ok := g.files[name]
	return b, ok
}

// Files lists the generation's file names, sorted.
func (g *Generation) Files() []string {
	names := make([]string, 0, len(g.files))
	for n := range g.files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Release unmaps the files and drops the lock. Serving code shares a
// generation through a reference-counted Snapshot; direct users of Open
// call Release once they are done.
func (g *Generation) Release() {
	g.release.Do(g.unmap)
}

func (g *Generation) unmap() {
	for name, data := range g.files {
		if len(data) > 0 {
			_ = unix.Munmap(data)
		}
		delete(g.files, name)
	}
	if g.manifest != nil {
		g.manifest.Close() // drops the shared flock
		g.manifest = nil
	}
}

// Collect deletes every published generation older than keep that no
// process has open (an exclusive flock on its MANIFEST succeeds), and the
// build directories of dead builders. It returns the deleted numbers.
func (d *Dir) Collect(keep uint64) ([]uint64, error) {
	if err := d.withDirLock(d.removeStaleBuilds); err != nil {
		return nil, err
	}
	gens, err := d.Generations()
	if err != nil {
		return nil, err
	}
	var deleted []uint64
	for _, n := range gens {
		if n >= keep {
			break
		}
		path := filepath.Join(d.path, genName(n))
		mf, err := os.Open(filepath.Join(path, manifestName))
		if err == nil {
			if unix.Flock(int(mf.Fd()), unix.LOCK_EX|unix.LOCK_NB) != nil {
				mf.Close() // in use by some process
				continue
			}
		}
		// Hold the exclusive lock while deleting so no process opens it
		// meanwhile (Open takes a shared lock first).
		rmErr := os.RemoveAll(path)
		if mf != nil {
			mf.Close()
		}
		if rmErr != nil {
			return deleted, fmt.Errorf("generation: delete %s: %w", path, rmErr)
		}
		deleted = append(deleted, n)
	}
	return deleted, nil
}
