package similarity

import (
	"os/exec"
	"regexp"
	"testing"
)

// TestNoFusedMultiplyAdd compiles the package for arm64, whose Go
// compiler fuses x·y + z into one instruction (FMADDS and friends), and
// checks that none appears: Java never fuses, so a fused operation would
// change the last bit of a score. The explicit conversions in the code are
// what prevents it; without them Score compiles to an FMADDS. (ppc64,
// s390x and riscv64 fuse under the same rules.)
func TestNoFusedMultiplyAdd(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping cross-compilation in -short mode")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	fused := regexp.MustCompile(`(?m)^.*\sF(N?)M(ADD|SUB)[SD]?\s.*$`)
	cmd := exec.Command(goTool, "build", "-gcflags=-S", ".")
	cmd.Env = append(cmd.Environ(), "GOARCH=arm64", "GOOS=linux", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOARCH=arm64 go build: %v\n%s", err, out)
	}
	for _, m := range fused.FindAll(out, -1) {
		t.Errorf("fused multiply-add in the arm64 code:\n%s", m)
	}
}
