package docview

import (
	"embed"
	"fmt"
	"html/template"
	"io"
)

//go:embed document.html
var files embed.FS

// page is parsed once; executing a parsed template is safe for concurrent
// use.
var page = template.Must(template.ParseFS(files, "document.html"))

// WriteHTML renders the document page.
func (v *View) WriteHTML(w io.Writer) error {
	if err := page.Execute(w, v); err != nil {
		return fmt.Errorf("docview: render %s: %w", v.ID, err)
	}
	return nil
}
