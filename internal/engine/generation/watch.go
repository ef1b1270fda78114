package generation

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"golang.org/x/sys/unix"
)

// watchMask is every change to a served generation's directory that can
// alter what a mapped file's path holds.
const watchMask = unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CLOSE_WRITE | unix.IN_CREATE |
	unix.IN_DELETE | unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF

// watcher hears of changes to the files of served generations through
// inotify. The kernel queues an event before the write that caused it
// returns, so a search that drains the queue when it starts sees every
// change made before it began: no timer, no window. Draining costs one
// non-blocking read.
type watcher struct {
	fd  int
	mu  sync.Mutex // serialises drain, add and remove
	wds map[int32]func(name string)
	buf []byte
}

func newWatcher() (*watcher, error) {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("generation: inotify: %w", err)
	}
	return &watcher{fd: fd, wds: map[int32]func(string){}, buf: make([]byte, 64<<10)}, nil
}

// add watches directory path; changed receives the name of each file
// changed in it ("" when the directory itself moved or went, or events
// were lost).
func (w *watcher) add(path string, changed func(name string)) (int32, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fd < 0 {
		return -1, errors.New("generation: watcher closed")
	}
	wd, err := unix.InotifyAddWatch(w.fd, path, watchMask)
	if err != nil {
		return -1, fmt.Errorf("generation: watch %s: %w", path, err)
	}
	w.wds[int32(wd)] = changed
	return int32(wd), nil
}

func (w *watcher) remove(wd int32) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.wds[wd]; ok && w.fd >= 0 {
		delete(w.wds, wd)
		_, _ = unix.InotifyRmWatch(w.fd, uint32(wd))
	}
}

// drain reads every queued event and reports it; it returns at once when
// none is queued.
func (w *watcher) drain() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.fd >= 0 {
		n, err := unix.Read(w.fd, w.buf)
		if errors.Is(err, unix.EAGAIN) || n == 0 {
			return nil
		}
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return fmt.Errorf("generation: inotify: %w", err)
		}
		w.dispatch(w.buf[:n])
	}
	return nil
}

func (w *watcher) dispatch(b []byte) {
	for len(b) >= unix.SizeofInotifyEvent {
		wd := int32(binary.NativeEndian.Uint32(b))
		mask := binary.NativeEndian.Uint32(b[4:])
		nameLen := int(binary.NativeEndian.Uint32(b[12:]))
		end := unix.SizeofInotifyEvent + nameLen
		if end > len(b) {
			return
		}
		name := string(bytes.TrimRight(b[unix.SizeofInotifyEvent:end], "\x00"))
		b = b[end:]
		switch {
		case mask&unix.IN_Q_OVERFLOW != 0:
			for _, fn := range w.wds {
				fn("")
			}
		case mask&unix.IN_IGNORED != 0:
		default:
			if fn := w.wds[wd]; fn != nil {
				fn(name)
			}
		}
	}
}

func (w *watcher) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fd >= 0 {
		unix.Close(w.fd)
	}
	w.fd = -1
	clear(w.wds)
}
