package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// The page's routes, in echo's path syntax: the page itself, and the files
// it loads (AssetPrefix + file name).
const (
	PagePath    = "/"
	AssetPath   = "/static/:file"
	AssetPrefix = "/static/"
)

// pageFile is the embedded file served at PagePath.
const pageFile = "index.html"

// Policy is the page's Content-Security-Policy: its own script and style
// sheet, API calls to its own origin, nothing inline, nothing framed. Any
// markup a search result could smuggle in therefore cannot run.
const Policy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
	"form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// contentTypes are the types of the embedded files, fixed here rather
// than looked up in the system's MIME tables, which differ between
// machines.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
}

//go:embed static
var static embed.FS

// file is one embedded file, ready to serve.
type file struct {
	body  []byte
	ctype string
	etag  string
}

// Handler serves the page and its assets.
type Handler struct {
	files map[string]file
}

// New reads the embedded files.
func New() (*Handler, error) {
	h := &Handler{files: map[string]file{}}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		ctype := contentTypes[path.Ext(p)]
		if ctype == "" {
			return fmt.Errorf("no content type for %s", p)
		}
		sum := sha256.Sum256(b)
		h.files[path.Base(p)] = file{body: b, ctype: ctype, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: embedded files: %w", err)
	}
	if _, ok := h.files[pageFile]; !ok {
		return nil, fmt.Errorf("web: %s is not embedded", pageFile)
	}
	return h, nil
}

// ServeHTTP answers PagePath with the page and AssetPrefix+name with an
// asset; anything else is 404. Answers carry an ETag and must be
// revalidated, so a new gateway's page is never mixed with an old script.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := pageFile
	if r.URL.Path != PagePath {
		var ok bool
		name, ok = strings.CutPrefix(r.URL.Path, AssetPrefix)
		if !ok || name == pageFile {
			name = ""
		}
	}
	f, ok := h.files[name]
	if !ok {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", f.ctype)
	hd.Set("Cache-Control", "no-cache")
	hd.Set("ETag", f.etag)
	hd.Set("X-Content-Type-Options", "nosniff")
	// The document view's address holds the token: no Referer may carry
	// the page's or its links' addresses away.
	hd.Set("Referrer-Policy", "no-referrer")
	if name == pageFile {
		hd.Set("Content-Security-Policy", Policy)
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.body))
}
