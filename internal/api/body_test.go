package api

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// oversizedBody is a JSON body of n bytes, over the test server's 1 MiB.
func oversizedBody(n int) []byte {
	b := []byte(`{"query":{"q":"` + strings.Repeat("x", n) + `"}}`)
	return b[len(b)-n:]
}

// writeThenRead sends one request on conn the way simple clients do: the
// whole body first, then it reads the answer. Chunked sends the body in
// chunks with no Content-Length.
func writeThenRead(conn net.Conn, body []byte, chunked bool) (*http.Response, error) {
	var req bytes.Buffer
	fmt.Fprintf(&req, "POST %s?token=%s HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n", SearchPath, testToken)
	if chunked {
		req.WriteString("Transfer-Encoding: chunked\r\n\r\n")
		for rest := body; len(rest) > 0; {
			n := min(len(rest), 64<<10)
			fmt.Fprintf(&req, "%x\r\n%s\r\n", n, rest[:n])
			rest = rest[n:]
		}
		req.WriteString("0\r\n\r\n")
	} else {
		fmt.Fprintf(&req, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	if _, err := conn.Write(req.Bytes()); err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return nil, fmt.Errorf("read the answer: %w", err)
	}
	return resp, nil
}

// TestOversizedBodyReachesClient sends bodies over MAX_BODY_BYTES to a real
// listener from clients that write the whole body before reading: each
// must receive the 413, not a reset connection, and the connection stays
// usable when the body was read to its end.
func TestOversizedBodyReachesClient(t *testing.T) {
	ts := newTestServer(t, nil)
	hs := httptest.NewServer(ts.srv)
	defer hs.Close()
	addr := strings.TrimPrefix(hs.URL, "http://")
	const size = 7 << 20
	tests := []struct {
		name       string
		chunked    bool
		wantReason string
	}{
		{"Content-Length", false, `"reason":"request body is 7340032 bytes; at most 1048576 are allowed"`},
		{"chunked", true, `"reason":"request body is larger than 1048576 bytes"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			resp, err := writeThenRead(conn, oversizedBody(size), tt.chunked)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 413 || !strings.Contains(string(body), tt.wantReason) {
				t.Fatalf("got %d %s", resp.StatusCode, body)
			}
			if resp.Close {
				t.Error("the connection is closed although the body was read")
			}
			resp, err = writeThenRead(conn, []byte(`{"query":{"match_all":{}}}`), false)
			if err != nil {
				t.Fatalf("second request on the connection: %v", err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Errorf("second request: %d", resp.StatusCode)
			}
		})
	}
	t.Run("net/http client", func(t *testing.T) {
		resp, err := http.Post(hs.URL+SearchPath+"?token="+testToken, "application/json", bytes.NewReader(oversizedBody(size)))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 413 {
			t.Errorf("status %d", resp.StatusCode)
		}
	})
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestOversizedBodyDrainBound checks how much of an oversized body is read:
// all of it up to the drain limit, then nothing more, with the connection
// closed after the answer.
func TestOversizedBodyDrainBound(t *testing.T) {
	const limit = minDrain // twice the test server's 1 MiB is less
	tests := []struct {
		name          string
		size          int64
		knownLength   bool
		wantRead      int64
		wantConnClose bool
	}{
		{"declared length within the limit: read to the end", 2 << 20, true, 2 << 20, false},
		{"declared length over the limit: not read", limit + 1, true, 0, true},
		{"unknown length within the limit: read to the end", 2 << 20, false, 2 << 20, false},
		{"unknown length over the limit: read up to it", 3 * limit, false, limit + 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestServer(t, nil)
			body := &countingReader{r: io.LimitReader(zeros{}, tt.size)}
			req := httptest.NewRequest("POST", SearchPath+"?token="+testToken, body)
			req.ContentLength = -1
			if tt.knownLength {
				req.ContentLength = tt.size
			}
			rec := httptest.NewRecorder()
			ts.srv.ServeHTTP(rec, req)
			if rec.Code != 413 {
				t.Fatalf("status %d", rec.Code)
			}
			if body.n != tt.wantRead {
				t.Errorf("read %d bytes, want %d", body.n, tt.wantRead)
			}
			if got := rec.Header().Get("Connection") == "close"; got != tt.wantConnClose {
				t.Errorf("Connection: close %v, want %v", got, tt.wantConnClose)
			}
		})
	}
}

// zeros is an endless reader of '0' bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '0'
	}
	return len(p), nil
}
