package indexer

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// dirSink writes a segment's files into a directory (segment.Sink).
type dirSink string

func (d dirSink) Create(name string) (io.WriteCloser, error) {
	f, err := os.OpenFile(filepath.Join(string(d), name), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	return &bufferedFile{f: f, w: bufio.NewWriterSize(f, 256<<10)}, nil
}

// bufferedFile is a file written through a buffer; Close flushes and
// closes it, once.
type bufferedFile struct {
	f      *os.File
	w      *bufio.Writer
	closed bool
	err    error
}

func (b *bufferedFile) Write(p []byte) (int, error) { return b.w.Write(p) }

func (b *bufferedFile) Close() error {
	if b.closed {
		return b.err
	}
	b.closed = true
	b.err = b.w.Flush()
	if err := b.f.Close(); b.err == nil {
		b.err = err
	}
	if b.err != nil {
		b.err = fmt.Errorf("write %s: %w", filepath.Base(b.f.Name()), b.err)
	}
	return b.err
}

// mappedSegment is a flushed segment's files, memory-mapped read-only
// for a merge.
type mappedSegment struct {
	names []string
	files map[string][]byte
}

// mapSegment maps the files of segment prefix in dir.
func mapSegment(dir, prefix string) (*mappedSegment, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	m := &mappedSegment{files: map[string][]byte{}}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), prefix+".") {
			continue
		}
		data, err := mapFile(filepath.Join(dir, e.Name()))
		if err != nil {
			m.close()
			return nil, err
		}
		m.names = append(m.names, e.Name())
		m.files[e.Name()] = data
	}
	return m, nil
}

func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() == 0 {
		return []byte{}, nil
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(st.Size()), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("mmap %s: %w", filepath.Base(path), err)
	}
	return data, nil
}

// verify checks every file's checksum (segment.Open reads only footers
// and index structures), so a merge never reads a flushed file damaged
// on disk.
func (m *mappedSegment) verify() error {
	for _, name := range m.names {
		if err := encoding.VerifyChecksum(m.files[name]); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// file is the segment.FileSource of the mapped files.
func (m *mappedSegment) file(name string) ([]byte, bool) {
	b, ok := m.files[name]
	return b, ok
}

// dropPages drops the mapped pages from the process's resident memory
// (MADV_DONTNEED). The mappings stay valid: the files are read-only and
// shared, so a later access reads the same bytes again from the page
// cache or the disk. A merge calls it now and then, so what it has read
// does not pile up.
func (m *mappedSegment) dropPages() {
	for _, data := range m.files {
		if len(data) > 0 {
			_ = unix.Madvise(data, unix.MADV_DONTNEED)
		}
	}
}

// close unmaps the files; it may be called more than once.
func (m *mappedSegment) close() {
	for name, data := range m.files {
		if len(data) > 0 {
			_ = unix.Munmap(data)
		}
		delete(m.files, name)
	}
}
