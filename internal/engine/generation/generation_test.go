package generation

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// content is the deterministic content of file name in generation tag:
// lines, then (when there is room) the engine's footer every served file
// ends with, whose checksum a Live verifies.
func content(tag, name string, size int) []byte {
	line := []byte(tag + "/" + name + ";")
	if size < encoding.FooterSize {
		return bytes.Repeat(line, size/len(line)+1)[:size]
	}
	body := bytes.Repeat(line, size/len(line)+1)[:size-encoding.FooterSize]
	e := encoding.Encbuf{B: body}
	e.PutFooter(0x54534554, 1)
	return e.B
}

// publish builds a generation holding files with content(tag, …).
func publish(t testing.TB, d *Dir, tag string, files map[string]int) uint64 {
	t.Helper()
	b, err := d.NewBuild()
	if err != nil {
		t.Fatal(err)
	}
	for name, size := range files {
		if err := os.WriteFile(filepath.Join(b.Path(), name), content(tag, name, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n, err := b.Publish([]byte("meta:" + tag))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPublishAndOpen(t *testing.T) {
	d, err := OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Latest(); !errors.Is(err, ErrNoGeneration) {
		t.Fatalf("empty dir: %v", err)
	}
	files := map[string]int{"postings": 5000, "store": 100, "empty": 0}
	if n := publish(t, d, "a", files); n != 1 {
		t.Fatalf("first generation %d", n)
	}
	if n := publish(t, d, "b", files); n != 2 {
		t.Fatalf("second generation %d", n)
	}
	g, err := d.Open(2)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Release()
	if got := fmt.Sprint(g.Files()); got != "[empty postings store]" {
		t.Errorf("files %s", got)
	}
	for name, size := range files {
		data, ok := g.File(name)
		if !ok || !bytes.Equal(data, content("b", name, size)) {
			t.Errorf("%s: %d bytes", name, len(data))
		}
	}
	if string(g.Meta) != "meta:b" {
		t.Errorf("meta %q", g.Meta)
	}
	inGen, _ := os.ReadDir(g.Path)
	var names []string
	for _, e := range inGen {
		names = append(names, e.Name())
	}
	if fmt.Sprint(names) != "[MANIFEST empty postings store]" {
		t.Errorf("generation directory holds %v", names)
	}
	entries, _ := os.ReadDir(d.Path())
	var top []string
	for _, e := range entries {
		top = append(top, e.Name())
	}
	if fmt.Sprint(top) != "[.builds.lock gen-00000001 gen-00000002]" {
		t.Errorf("directory holds %v, want the lock and the two generations", top)
	}
}

func TestAbortAndStaleBuilds(t *testing.T) {
	d, _ := OpenDir(t.TempDir())
	b, _ := d.NewBuild()
	if err := b.Abort(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(b.Path()); !os.IsNotExist(err) {
		t.Error("aborted build left behind")
	}
	if _, err := b.Publish(nil); err == nil {
		t.Error("publish after abort accepted")
	}
	// A dead builder: its lock is gone but its directory stays.
	dead, _ := d.NewBuild()
	dead.lock.Close()
	alive, _ := d.NewBuild()
	defer alive.Abort()
	next, _ := d.NewBuild()
	defer next.Abort()
	if _, err := os.Stat(dead.Path()); !os.IsNotExist(err) {
		t.Error("dead builder's directory not removed")
	}
	if _, err := os.Stat(alive.Path()); err != nil {
		t.Error("live builder's directory removed")
	}
}

func TestCorruptGeneration(t *testing.T) {
	d, _ := OpenDir(t.TempDir())
	publish(t, d, "a", map[string]int{"f": 100})
	n := publish(t, d, "b", map[string]int{"f": 100})
	gen := filepath.Join(d.Path(), genName(n))

	// A truncated data file is caught by the MANIFEST's size.
	if err := os.Truncate(filepath.Join(gen, "f"), 50); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Open(n); err == nil {
		t.Error("truncated file accepted")
	}
	// A damaged MANIFEST is caught by its checksum.
	mpath := filepath.Join(gen, manifestName)
	m, _ := os.ReadFile(mpath)
	m[0] ^= 0xff
	os.WriteFile(mpath, m, 0o644)
	if _, err := d.Open(n); err == nil {
		t.Error("damaged MANIFEST accepted")
	}
}

// TestLiveSwap: a snapshot held across a refresh keeps its files; the new
// generation is served to later searches; the old one is deleted once
// released, unless another process still has it open.
func TestLiveSwap(t *testing.T) {
	d, _ := OpenDir(t.TempDir())
	publish(t, d, "a", map[string]int{"f": 4096})
	openTag := func(g *Generation) (string, error) {
		f, _ := g.File("f")
		return string(f[:1]), nil
	}
	var closed []string
	l, err := NewLive(d, openTag, func(v string) { closed = append(closed, v) }, func(err error) { t.Error(err) })
	if err != nil {
		t.Fatal(err)
	}
	// The first generation is served at once and verified in the
	// background, which holds a reference to its snapshot until it ends.
	l.background.Wait()
	held := l.Acquire()
	if held.Value != "a" || held.Generation() != 1 {
		t.Fatalf("serving %q gen %d", held.Value, held.Generation())
	}
	if swapped, err := l.Refresh(); swapped || err != nil {
		t.Fatalf("refresh without a new generation: %v %v", swapped, err)
	}

	publish(t, d, "b", map[string]int{"f": 4096})
	if swapped, err := l.Refresh(); !swapped || err != nil {
		t.Fatalf("refresh: %v %v", swapped, err)
	}
	now := l.Acquire()
	if now.Value != "b" {
		t.Errorf("after refresh serving %q", now.Value)
	}
	now.Release()
	// The held snapshot still reads its generation's mapped file.
	if f, _ := held.gen.File("f"); !bytes.Equal(f, content("a", "f", 4096)) {
		t.Error("held snapshot's file changed")
	}
	if _, err := os.Stat(filepath.Join(d.Path(), genName(1))); err != nil {
		t.Error("generation 1 deleted while held")
	}

	// Another "process" (another open file description) opens generation 1.
	other, err := d.Open(1)
	if err != nil {
		t.Fatal(err)
	}
	held.Release()
	if fmt.Sprint(closed) != "[a]" {
		t.Errorf("closed %v", closed)
	}
	if _, err := os.Stat(filepath.Join(d.Path(), genName(1))); err != nil {
		t.Error("generation 1 deleted while another process has it open")
	}
	other.Release()
	if deleted, err := d.Collect(2); err != nil || fmt.Sprint(deleted) != "[1]" {
		t.Errorf("collect: %v %v", deleted, err)
	}
	l.Close()
	if fmt.Sprint(closed) != "[a b]" {
		t.Errorf("closed %v", closed)
	}
}

// TestLiveConcurrent swaps generations while searches acquire and read
// snapshots; every read must see one complete generation (run with -race).
func TestLiveConcurrent(t *testing.T) {
	d, _ := OpenDir(t.TempDir())
	publish(t, d, "g0", map[string]int{"f": 1 << 16})
	l, err := NewLive(d, func(g *Generation) (*Generation, error) { return g, nil }, nil, func(err error) { t.Error(err) })
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			for ctx.Err() == nil {
				s := l.Acquire()
				if s == nil {
					return // the test failed and closed the Live
				}
				f, _ := s.Value.File("f")
				tag := string(f[:bytes.IndexByte(f, '/')])
				if !bytes.Equal(f, content(tag, "f", 1<<16)) {
					t.Errorf("torn read of %s", tag)
				}
				time.Sleep(time.Duration(r.IntN(200)) * time.Microsecond)
				s.Release()
			}
		}()
	}
	for i := 1; i <= 20; i++ {
		publish(t, d, "g"+strconv.Itoa(i), map[string]int{"f": 1 << 16})
		if _, err := l.Refresh(); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	wg.Wait()
	if gens, _ := d.Generations(); len(gens) != 1 || gens[0] != 21 {
		t.Errorf("generations left: %v", gens)
	}
}

// killBuilderEnv makes the test binary act as a slow builder (see TestMain).
const killBuilderEnv = "GENERATION_KILL_BUILDER"

func TestMain(m *testing.M) {
	if dir := os.Getenv(killBuilderEnv); dir != "" {
		os.Exit(slowBuild(dir))
	}
	os.Exit(m.Run())
}

// slowBuild writes a generation in small steps so a kill can land anywhere:
// while writing files, while publishing, after.
func slowBuild(dir string) int {
	d, err := OpenDir(dir)
	if err != nil {
		return 1
	}
	b, err := d.NewBuild()
	if err != nil {
		return 1
	}
	for i := range 20 {
		name := filepath.Join(b.Path(), "part"+strconv.Itoa(i))
		f, err := os.Create(name)
		if err != nil {
			return 1
		}
		data := content("new", "part"+strconv.Itoa(i), 32<<10)
		for off := 0; off < len(data); off += 4096 {
			f.Write(data[off : off+4096])
		}
		f.Close()
	}
	if _, err := b.Publish([]byte("meta:new")); err != nil {
		return 1
	}
	return 0
}

// TestKilledBuild kills a building process at random points: the directory
// must always serve a complete generation — the previous one, or the new
// one if the kill came after the rename — and the next build cleans up.
func TestKilledBuild(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 4))
	sawOld, sawNew := false, false
	for i := range 12 {
		dir := t.TempDir()
		d, _ := OpenDir(dir)
		publish(t, d, "old", map[string]int{"only": 1000})
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), killBuilderEnv+"="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(r.IntN(40)) * time.Millisecond)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()

		n, err := d.Latest()
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		g, err := d.Open(n)
		if err != nil {
			t.Fatalf("run %d: generation %d does not open: %v", i, n, err)
		}
		switch string(g.Meta) {
		case "meta:old":
			sawOld = true
			if f, _ := g.File("only"); !bytes.Equal(f, content("old", "only", 1000)) {
				t.Errorf("run %d: old generation damaged", i)
			}
		case "meta:new":
			sawNew = true
			if len(g.Files()) != 20 {
				t.Errorf("run %d: new generation has %d files", i, len(g.Files()))
			}
		default:
			t.Errorf("run %d: meta %q", i, g.Meta)
		}
		g.Release()
		// The next build removes what the killed one left.
		b, err := d.NewBuild()
		if err != nil {
			t.Fatal(err)
		}
		b.Abort()
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if e.Name()[0] == '.' && e.Name() != dirLockName {
				t.Errorf("run %d: %s left behind", i, e.Name())
			}
		}
	}
	t.Logf("kills before the rename: %v, after: %v", sawOld, sawNew)
	if !sawOld {
		t.Error("no kill landed before the publish; the test proved nothing")
	}
}
