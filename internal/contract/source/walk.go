package source

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Extensions are the file name endings of the files Read knows, compared
// in lower case; Walk collects only these.
var Extensions = []string{".txt", ".htm", ".html", ".xhtml", ".pdf"}

// Readable reports whether name ends in one of Extensions.
func Readable(name string) bool {
	return slices.Contains(Extensions, strings.ToLower(path.Ext(filepath.ToSlash(name))))
}

// File is one file Walk found.
type File struct {
	// Rel is the path relative to the walked root, slash-separated (the
	// base name when the root is the file itself): the name ReadFile gives
	// Read, hence Meta.Path and the contract's id.
	Rel string
	// Path is where the file is opened.
	Path string
	// Size is the file's size when it was listed.
	Size int64
}

// Walked is what Walk found.
type Walked struct {
	// Files are in byte order of Rel.
	Files []File
	// Ignored counts the files left out, by reason: "hidden", "not a
	// regular file", "no reader for .csv", "no reader for (no extension)".
	Ignored map[string]int
	// IgnoredFiles names the files Ignored counts, in byte order of Rel,
	// except hidden ones (an editor's or a version control's, not the
	// user's): a Word file left out is a contract the user meant to index.
	IgnoredFiles []IgnoredFile
}

// IgnoredFile is a file Walk left out, and why.
type IgnoredFile struct {
	Rel    string
	Reason string
}

// Walk lists the files under root (read recursively), or root itself if
// it is a file, whose extension Read knows, in byte order of their paths
// relative to root: the same folder lists the same way on every machine.
// Hidden files and folders (names starting with "."), files that are not
// regular and files of other extensions are left out and counted; a link
// to a regular file is listed as that file, a link to anything else is
// left out. The files named in exclude (the manifest) are left out
// without being counted. A folder that cannot be read is an error.
func Walk(root string, exclude ...string) (*Walked, error) {
	w := &Walked{Ignored: map[string]int{}}
	st, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("walk: %w", err)
	}
	var excluded []fs.FileInfo
	for _, p := range exclude {
		if p == "" {
			continue
		}
		if fi, err := os.Stat(p); err == nil {
			excluded = append(excluded, fi)
		}
	}
	consider := func(abs, rel string, info fs.FileInfo) {
		for _, x := range excluded {
			if os.SameFile(info, x) {
				return
			}
		}
		if !Readable(rel) {
			ext := strings.ToLower(path.Ext(rel))
			if ext == "" {
				ext = "(no extension)"
			}
			w.ignore(rel, "no reader for "+ext)
			return
		}
		w.Files = append(w.Files, File{Rel: rel, Path: abs, Size: info.Size()})
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
			w.Ignored["hidden"]++
			return nil
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, err)
		}
		if d.Type()&fs.ModeSymlink != 0 {
			target, err := os.Stat(p)
			if err != nil || !target.Mode().IsRegular() {
				w.ignore(filepath.ToSlash(rel), "not a regular file")
				return nil
			}
			info = target
		} else if !info.Mode().IsRegular() {
			w.ignore(filepath.ToSlash(rel), "not a regular file")
			return nil
		}
		consider(p, filepath.ToSlash(rel), info)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(w.Files, func(a, b File) int { return strings.Compare(a.Rel, b.Rel) })
	slices.SortFunc(w.IgnoredFiles, func(a, b IgnoredFile) int { return strings.Compare(a.Rel, b.Rel) })
	return w, nil
}

// ignore counts and names a file left out.
func (w *Walked) ignore(rel, reason string) {
	w.Ignored[reason]++
	w.IgnoredFiles = append(w.IgnoredFiles, IgnoredFile{Rel: rel, Reason: reason})
}
