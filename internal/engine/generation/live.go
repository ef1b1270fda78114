package generation

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sys/unix"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// health is what is known of a served generation's content.
type health uint8

const (
	verifying health = iota // files (or some changed files) not verified yet
	verified                // every file's checksum matched, nothing changed since
	damaged                 // a file is missing, truncated, replaced or corrupt
)

func (h health) String() string {
	return [...]string{"verifying", "verified", "damaged"}[h]
}

// Snapshot is a served generation and the value opened over it (for the
// engine: its searcher). Searches Acquire a snapshot, Wait until its files
// are verified, and Release it when done; a newer generation swapped in
// meanwhile does not disturb them.
type Snapshot[T any] struct {
	gen   *Generation
	Value T
	refs  atomic.Int64
	live  *Live[T]
	wd    int32 // inotify watch of the directory, -1 for none

	mu      sync.Mutex
	state   health
	err     error           // the damage, once damaged
	done    chan struct{}   // closed when the current verification round ends
	pending map[string]bool // files to verify
	running bool            // a verification goroutine works on pending
}

// Generation returns the generation number.
func (s *Snapshot[T]) Generation() uint64 { return s.gen.N }

// Release drops the caller's reference. The last reference closes the
// value, unmaps the files and lets the generation be deleted.
func (s *Snapshot[T]) Release() {
	if s.refs.Add(-1) != 0 {
		return
	}
	if s.wd >= 0 && s.live.watch != nil {
		s.live.watch.remove(s.wd)
	}
	if s.live.close != nil {
		s.live.close(s.Value)
	}
	s.gen.Release()
	s.live.collect()
}

func (s *Snapshot[T]) tryAcquire() bool {
	for {
		r := s.refs.Load()
		if r <= 0 {
			return false
		}
		if s.refs.CompareAndSwap(r, r+1) {
			return true
		}
	}
}

// Wait returns nil once every file of the snapshot's generation is
// verified and unchanged since; the damage (a *DamageError) if one is
// not; ctx's error if it ends first. It first takes in the changes made
// to the files so far (a write, truncation or replacement since the last
// verification means verifying that file again), so a search that calls
// Wait before it reads and again before it answers never answers from
// bytes changed before it finished.
func (s *Snapshot[T]) Wait(ctx context.Context) error {
	if w := s.live.watch; w != nil {
		if err := w.drain(); err != nil {
			s.live.report(err)
		}
	}
	for {
		s.mu.Lock()
		st, done, err := s.state, s.done, s.err
		s.mu.Unlock()
		if st == verified {
			return nil
		}
		select {
		case <-done:
			if st == damaged {
				return err
			}
		case <-ctx.Done():
			return fmt.Errorf("generation %d: waiting for its files to be verified: %w", s.gen.N, ctx.Err())
		}
	}
}

// Suspect has every file of the snapshot verified again, as after a
// change: for a search that met a memory fault reading the files.
func (s *Snapshot[T]) Suspect() { s.changed("") }

// health returns the snapshot's state and damage.
func (s *Snapshot[T]) health() (health, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state, s.err
}

// changed marks a file ("" for all) to be verified again and starts the
// verification unless one runs.
func (s *Snapshot[T]) changed(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == damaged {
		return // damage is final; a new generation replaces it
	}
	if name == "" {
		for f := range s.gen.ids {
			s.pending[f] = true
		}
	} else if _, ok := s.gen.ids[name]; ok {
		s.pending[name] = true
	} else {
		return // not a file of the generation
	}
	if s.state == verified {
		s.state, s.done = verifying, make(chan struct{})
	}
	if !s.running && s.tryAcquire() {
		s.running = true
		s.live.background.Add(1)
		go s.verifyInBackground()
	}
}

// verifyPending verifies the pending files until none is left (the
// snapshot is then verified) or one is damaged (the snapshot is then
// damaged, and its done channel left open for the caller to close once
// it has dealt with the damage). It reports whether it found damage.
func (s *Snapshot[T]) verifyPending() (bool, error) {
	buf := make([]byte, verifyBufSize)
	for {
		s.mu.Lock()
		if len(s.pending) == 0 {
			s.state = verified
			close(s.done)
			s.running = false
			s.mu.Unlock()
			return false, nil
		}
		names := make([]string, 0, len(s.pending))
		for name := range s.pending {
			names = append(names, name)
		}
		clear(s.pending)
		s.mu.Unlock()
		sort.Strings(names)
		for _, name := range names {
			if err := s.gen.verifyFile(name, buf); err != nil {
				s.mu.Lock()
				s.state, s.err, s.running = damaged, err, false
				clear(s.pending)
				s.mu.Unlock()
				return true, err
			}
		}
	}
}

// endRound closes the round of a damaged snapshot, waking its waiters.
func (s *Snapshot[T]) endRound() {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-s.done:
	default:
		close(s.done)
	}
}

func (s *Snapshot[T]) verifyInBackground() {
	defer s.live.background.Done()
	defer s.Release()
	bad, err := s.verifyPending()
	if bad {
		// Serve an older good generation before waking the searches
		// waiting on this one, so they retry on it.
		s.live.damaged(s, err)
		s.endRound()
		return
	}
	s.live.verified(s)
}

// Live serves the newest good generation of a directory and moves to
// newer ones on Refresh.
//
// Good means: the MANIFEST and every file it lists are there with their
// sizes, open succeeds over them, and every file's checksum matches. A
// generation that fails is reported once (through onError) and skipped
// until its directory changes; an older good one is served instead. A
// generation that replaces a served good one is verified before the swap;
// when none is served (at start-up, or after the served one was found
// damaged) the candidate is served at once and verified in the
// background, and searches Wait for it. Changes to the served files (found
// through inotify, and by a stat of each file on every Refresh) make them
// be verified again; a served generation found damaged is replaced by the
// newest older good one, or keeps answering with its damage.
type Live[T any] struct {
	dir   *Dir
	open  func(*Generation) (T, error)
	close func(T)
	// onError receives errors of background refreshes and collections.
	onError func(error)
	watch   *watcher // nil where inotify is unavailable

	mu     sync.Mutex // serialises Refresh and Close
	closed bool
	cur    atomic.Pointer[Snapshot[T]]

	badMu sync.Mutex
	bad   map[uint64]badGen

	// background counts the running background verifications, each of
	// which holds a reference to its snapshot; tests wait for them.
	background sync.WaitGroup
}

// badGen is a generation found bad, with its directory as it was then.
type badGen struct {
	id  dirID
	err error
}

// dirID identifies a generation directory's state: its MANIFEST and its
// list of files. Writing into a file changes neither (the file's own
// damage stays known); copying files in, renaming or a new MANIFEST does.
type dirID struct {
	manifest, dir fileID
	hasManifest   bool
}

func (d *Dir) dirID(n uint64) dirID {
	var id dirID
	var st unix.Stat_t
	path := filepath.Join(d.path, genName(n))
	if unix.Stat(path, &st) == nil {
		id.dir = idOf(&st)
	}
	if unix.Stat(filepath.Join(path, manifestName), &st) == nil {
		id.manifest, id.hasManifest = idOf(&st), true
	}
	return id
}

// NewLive opens the newest good generation of d with open. close, if not
// nil, releases what open built; onError, if not nil, receives errors of
// background work (bad generations, once each; deleting old generations).
func NewLive[T any](d *Dir, open func(*Generation) (T, error), close func(T), onError func(error)) (*Live[T], error) {
	l := &Live[T]{dir: d, open: open, close: close, onError: onError, bad: map[uint64]badGen{}}
	w, err := newWatcher()
	if err != nil {
		l.report(fmt.Errorf("%w; changes to served files are found by polling only", err))
	} else {
		l.watch = w
	}
	if _, err := l.Refresh(); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}

// Acquire returns the current snapshot with a reference the caller must
// Release, or nil when none is served. The snapshot may not be verified
// yet: searches call its Wait (or use AcquireVerified).
func (l *Live[T]) Acquire() *Snapshot[T] {
	for {
		s := l.cur.Load()
		if s == nil || s.tryAcquire() {
			return s
		}
		// Swapped and fully released between Load and tryAcquire: the
		// pointer now holds a newer snapshot.
	}
}

// maxFallbacks bounds how many damaged generations in a row one search
// moves past.
const maxFallbacks = 8

// ErrNotServing is returned when no generation is served (the Live is
// closed).
var ErrNotServing = errors.New("no index generation is served")

// AcquireVerified returns the current snapshot once it is verified, with
// a reference the caller must Release. When the snapshot turns out
// damaged and an older good generation has replaced it, it moves to that
// one; when none has, it returns the damage (a *DamageError).
func (l *Live[T]) AcquireVerified(ctx context.Context) (*Snapshot[T], error) {
	for attempt := 0; ; attempt++ {
		s := l.Acquire()
		if s == nil {
			return nil, ErrNotServing
		}
		err := s.Wait(ctx)
		if err == nil {
			return s, nil
		}
		s.Release()
		if ctx.Err() != nil || l.cur.Load() == s || attempt == maxFallbacks {
			return nil, err
		}
	}
}

// Refresh serves the newest good generation if it is not the served one,
// and reports whether it swapped. It first looks for changes to the
// served files by stat (what inotify reports at once where it works).
func (l *Live[T]) Refresh() (swapped bool, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false, ErrNotServing
	}
	cur := l.cur.Load()
	if cur != nil {
		for _, name := range cur.gen.changedFiles() {
			cur.changed(name)
		}
	}
	gens, err := l.dir.Generations()
	if err != nil {
		return false, err
	}
	l.forgetMissing(gens)
	curGood := false
	if cur != nil {
		st, _ := cur.health()
		curGood = st != damaged
	}
	var failures []error
	for i := len(gens) - 1; i >= 0; i-- {
		n := gens[i]
		if cur != nil && n == cur.gen.N {
			if curGood {
				return false, nil
			}
			continue
		}
		if curGood && n < cur.gen.N {
			break
		}
		if err := l.knownBad(n); err != nil {
			failures = append(failures, err)
			continue
		}
		// Replacing a good generation, verify first: the served one
		// answers meanwhile. With none good, serve at once and verify in
		// the background.
		s, err := l.openSnapshot(n, curGood)
		if err != nil {
			l.markBad(n, err)
			failures = append(failures, err)
			continue
		}
		l.cur.Store(s)
		if !curGood {
			// Started once served, so that damage found falls back
			// from it.
			l.background.Add(1)
			go s.verifyInBackground()
		}
		if cur != nil {
			cur.Release()
		}
		return true, nil
	}
	if cur == nil {
		if len(gens) == 0 {
			return false, fmt.Errorf("generation: %s: %w", l.dir.path, ErrNoGeneration)
		}
		return false, fmt.Errorf("generation: %s: no generation can be served: %w", l.dir.path, errors.Join(failures...))
	}
	return false, nil
}

// openSnapshot opens generation n and its value; with verify, it checks
// every file before returning, else the caller starts verifyInBackground
// once the snapshot is served.
// A memory fault while open reads the mapped files (one truncated
// meanwhile) is an error, not a crash.
func (l *Live[T]) openSnapshot(n uint64, verify bool) (s *Snapshot[T], err error) {
	g, err := l.dir.Open(n)
	if err != nil {
		return nil, err
	}
	s = &Snapshot[T]{gen: g, live: l, wd: -1, done: make(chan struct{}), pending: map[string]bool{}}
	for name := range g.ids {
		s.pending[name] = true
	}
	if verify {
		if bad, err := s.verifyPending(); bad {
			g.Release()
			return nil, err
		}
	}
	v, err := openGuarded(l.open, g)
	if err != nil {
		// Damage a checksum shows is the more useful report (it names
		// the file); it costs a read of the files, once per bad
		// generation.
		if !verify {
			if _, derr := s.verifyPending(); derr != nil {
				err = derr
			}
		}
		g.Release()
		var de *DamageError
		if errors.As(err, &de) {
			return nil, err
		}
		return nil, fmt.Errorf("generation %d: %w", n, err)
	}
	s.Value = v
	s.refs.Store(1) // the Live's own reference
	if !verify {
		// Running before the watch exists, so a change reported at once
		// joins this verification rather than starting a second one.
		s.refs.Add(1) // the verification's
		s.running = true
	}
	if l.watch != nil {
		wd, err := l.watch.add(g.Path, s.changed)
		if err != nil {
			l.report(err)
		}
		s.mu.Lock()
		s.wd = wd
		s.mu.Unlock()
	}
	return s, nil
}

// openGuarded runs open over g's files, which are not verified yet: a
// memory fault (a mapped file truncated meanwhile) or a panic of a reader
// misled by damaged bytes is an error, not a crash.
func openGuarded[T any](open func(*Generation) (T, error), g *Generation) (v T, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if err = FaultError(r); err != nil {
				return
			}
			err = fmt.Errorf("%w: opening failed: %v", encoding.ErrCorrupt, r)
		}
	}()
	return open(g)
}

// FaultError turns a recovered memory fault into an error: what a read of
// a mapped file truncated after it was opened causes on a goroutine
// running with debug.SetPanicOnFault(true). It returns nil for any other
// panic value.
func FaultError(r any) error {
	if f, ok := r.(interface{ Addr() uintptr }); ok {
		return fmt.Errorf("memory fault reading a mapped index file at %#x (truncated since it was opened?)", f.Addr())
	}
	return nil
}

// damaged records the served generation's damage and, if it is the one
// served, serves the newest older good one instead.
func (l *Live[T]) damaged(s *Snapshot[T], err error) {
	l.markBad(s.gen.N, err)
	if l.cur.Load() != s {
		return
	}
	if _, rerr := l.Refresh(); rerr != nil && !errors.Is(rerr, ErrNotServing) {
		l.report(rerr)
	}
}

// verified deletes the generations older than the served one once it is
// verified: until then, they are what a damaged one falls back to.
func (l *Live[T]) verified(s *Snapshot[T]) {
	if l.cur.Load() == s {
		l.collect()
	}
}

// markBad records generation n as bad and reports it, once for each state
// of its directory.
func (l *Live[T]) markBad(n uint64, err error) {
	id := l.dir.dirID(n)
	l.badMu.Lock()
	b, seen := l.bad[n]
	l.bad[n] = badGen{id: id, err: err}
	l.badMu.Unlock()
	if !seen || b.id != id {
		l.report(fmt.Errorf("not serving it: %w", err))
	}
}

// knownBad returns the recorded damage of generation n if its directory
// has not changed since; a changed one is forgotten, to be tried again.
func (l *Live[T]) knownBad(n uint64) error {
	l.badMu.Lock()
	defer l.badMu.Unlock()
	b, ok := l.bad[n]
	if !ok {
		return nil
	}
	if b.id != l.dir.dirID(n) {
		delete(l.bad, n)
		return nil
	}
	return b.err
}

// forgetMissing drops the records of generations no longer on disk.
func (l *Live[T]) forgetMissing(gens []uint64) {
	l.badMu.Lock()
	defer l.badMu.Unlock()
	for n := range l.bad {
		if i := sort.Search(len(gens), func(i int) bool { return gens[i] >= n }); i == len(gens) || gens[i] != n {
			delete(l.bad, n)
		}
	}
}

// Status is what a Live serves and what it found bad.
type Status struct {
	// Generation is the served generation, 0 for none.
	Generation uint64
	// State is the served generation's: "verifying" (its files, or some
	// changed since, are being checked; searches wait), "verified" or
	// "damaged" (searches fail with Damage).
	State string
	// Damage is the served generation's damage, when damaged.
	Damage error
	// Bad lists the other generations found bad, newest first.
	Bad []BadGeneration
}

// BadGeneration is a generation not served because of Err.
type BadGeneration struct {
	N   uint64
	Err error
}

// Status reports the served generation and the bad ones.
func (l *Live[T]) Status() Status {
	var st Status
	if s := l.Acquire(); s != nil {
		h, err := s.health()
		st.Generation, st.State = s.gen.N, h.String()
		if h == damaged {
			st.Damage = err
		}
		s.Release()
	}
	l.badMu.Lock()
	for n, b := range l.bad {
		if n != st.Generation {
			st.Bad = append(st.Bad, BadGeneration{N: n, Err: b.err})
		}
	}
	l.badMu.Unlock()
	sort.Slice(st.Bad, func(i, j int) bool { return st.Bad[i].N > st.Bad[j].N })
	return st
}

// Watch refreshes every interval, and whenever trigger fires (e.g. on
// SIGHUP), until ctx ends. swapped, if not nil, is called with the new
// generation's number after each swap; errors go to onError.
func (l *Live[T]) Watch(ctx context.Context, interval time.Duration, trigger <-chan struct{}, swapped func(gen uint64)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-trigger:
		}
		ok, err := l.Refresh()
		if err != nil && !errors.Is(err, ErrNoGeneration) {
			l.report(err)
		}
		if ok && swapped != nil {
			if s := l.Acquire(); s != nil {
				swapped(s.Generation())
				s.Release()
			}
		}
	}
}

// Close releases the served snapshot; searches still holding it finish
// first.
func (l *Live[T]) Close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closed = true
	if s := l.cur.Swap(nil); s != nil {
		s.Release()
	}
	if l.watch != nil {
		l.watch.close()
	}
}

// collect deletes generations older than the served one that no process
// uses, once the served one is verified.
func (l *Live[T]) collect() {
	s := l.cur.Load()
	if s == nil {
		return
	}
	if h, _ := s.health(); h != verified {
		return
	}
	if _, err := l.dir.Collect(s.gen.N); err != nil {
		l.report(err)
	}
}

func (l *Live[T]) report(err error) {
	if l.onError != nil {
		l.onError(err)
	}
}
