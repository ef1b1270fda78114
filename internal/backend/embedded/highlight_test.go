package embedded

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

func TestSourceValues(t *testing.T) {
	src := `{"name":"Supply Agreement","jurisdiction":{"name":"New York","value":"new-york-us"},"group_size":12,` +
		`"sections":[{"name":"Term","snippet":"One year."},{"name":"Notices"},{"snippet":"Two years."}],"a.b":"dotted","tags":["x",null,"y"]}`
	dec := json.NewDecoder(bytes.NewReader([]byte(src)))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want []string
	}{
		{"name", []string{"Supply Agreement"}},
		{"jurisdiction.name", []string{"New York"}},
		{"sections.snippet", []string{"One year.", "Two years."}},
		{"sections.name", []string{"Term", "Notices"}},
		{"group_size", []string{"12"}},
		{"a.b", []string{"dotted"}},
		{"tags", []string{"x", "y"}},
		{"jurisdiction", nil},
		{"missing", nil},
	}
	for _, tt := range tests {
		if got := sourceValues(doc, tt.path); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("sourceValues(%s) = %q, want %q", tt.path, got, tt.want)
		}
	}
}
