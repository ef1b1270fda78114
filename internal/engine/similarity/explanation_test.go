package similarity

import "testing"

func TestNumber(t *testing.T) {
	if n := Int(3); n.String() != "3" || !n.IsInt() || n.Float32() != 3 || n.Int64() != 3 {
		t.Errorf("Int(3): %q %v %v", n.String(), n.Float32(), n.Int64())
	}
	if n := Float(3); n.String() != "3.0" || n.IsInt() || n.Int64() != 3 {
		t.Errorf("Float(3): %q", n.String())
	}
	// Java's long → float conversion rounds to nearest.
	if n := Int(1<<24 + 1); n.Float32() != 1<<24 {
		t.Errorf("Int(2^24+1).Float32() = %v", n.Float32())
	}
	if n := Float(-2.75); n.Int64() != -2 {
		t.Errorf("Float(-2.75).Int64() = %d, want -2 (truncation)", n.Int64())
	}
}

func TestExplanationString(t *testing.T) {
	e := Match(Float(1.5), "sum of:",
		Match(Float(1), "a", Match(Int(7), "n")),
		NoMatch("no match on required clause (b)"))
	want := "1.5 = sum of:\n  1.0 = a\n    7 = n\n  0.0 = no match on required clause (b)\n"
	if got := e.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if !e.Match || e.Details[1].Match {
		t.Error("match flags wrong")
	}
}
