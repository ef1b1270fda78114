package cliprogress

import (
	"bytes"
	"os"
	"testing"
)

func TestMode(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, tt := range []struct {
		mode string
		w    any
		want string
	}{
		{"auto", &bytes.Buffer{}, "lines"},
		{"auto", f, "lines"}, // a file is not a terminal
		{"bar", &bytes.Buffer{}, "bar"},
		{"none", f, "none"},
	} {
		if got := Mode(tt.mode, tt.w.(interface{ Write([]byte) (int, error) })); got != tt.want {
			t.Errorf("Mode(%q, %T) = %q, want %q", tt.mode, tt.w, got, tt.want)
		}
	}
}
