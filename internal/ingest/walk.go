package ingest

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// file is one file of the corpus.
type file struct {
	// rel is the path relative to the input root, slash-separated: the
	// contract's Meta.Path, hence its id.
	rel  string
	abs  string
	size int64
}

// walked is what walking the input found.
type walked struct {
	files []file
	// ignored counts files left out, by reason ("no reader for .csv",
	// "not in the manifest").
	ignored map[string]int
}

// walk lists the files under root (or root itself, if it is a file) that
// have a reader, in byte order of their relative paths. Hidden files and
// folders (names starting with "."), files that are not regular, the
// manifest itself and, when onlyListed, files the manifest does not list
// are left out and counted. A folder that cannot be read is an error.
func walk(root string, readers Readers, m *Manifest, manifestInfo fs.FileInfo, onlyListed bool) (*walked, error) {
	w := &walked{ignored: map[string]int{}}
	st, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	consider := func(abs, rel string, info fs.FileInfo) {
		switch {
		case manifestInfo != nil && os.SameFile(info, manifestInfo):
			return
		case readers.For(rel) == nil:
			ext := strings.ToLower(path.Ext(rel))
			if ext == "" {
				ext = "(no extension)"
			}
			w.ignored["no reader for "+ext]++
		case onlyListed && m != nil && !m.Lists(rel):
			w.ignored["not in the manifest"]++
		default:
			w.files = append(w.files, file{rel: rel, abs: abs, size: info.Size()})
		}
	}
	if !st.IsDir() {
		consider(root, filepath.Base(root), st)
		return w, nil
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, err)
		}
		if p != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			w.ignored["hidden"]++
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, err)
		}
		if d.Type()&fs.ModeSymlink != 0 {
			// A link to a file is read as the file; a link to anything
			// else is left out.
			target, err := os.Stat(p)
			if err != nil || !target.Mode().IsRegular() {
				w.ignored["not a regular file"]++
				return nil
			}
			info = target
		} else if !info.Mode().IsRegular() {
			w.ignored["not a regular file"]++
			return nil
		}
		consider(p, rel, info)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(w.files, func(a, b file) int { return strings.Compare(a.rel, b.rel) })
	return w, nil
}
