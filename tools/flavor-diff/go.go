// Differential harness: runs one Go net/url function over hex lines (bytes) on stdin.
// Output: "ok\t<hex of the result bytes>" or "err\t<hex of err.Error()>".
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
)

func main() {
	fns := map[string]func(string) (string, error){
		"go.QueryEscape":   func(s string) (string, error) { return url.QueryEscape(s), nil },
		"go.PathEscape":    func(s string) (string, error) { return url.PathEscape(s), nil },
		"go.QueryUnescape": url.QueryUnescape,
		"go.PathUnescape":  url.PathUnescape,
	}
	fn := fns[os.Args[1]]
	data, _ := os.ReadFile("/dev/stdin")
	lines := strings.Split(string(data), "\n")
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for _, line := range lines[:len(lines)-1] {
		in, _ := hex.DecodeString(line)
		r, err := fn(string(in))
		if err != nil {
			fmt.Fprintf(w, "err\t%x\n", err.Error())
		} else {
			fmt.Fprintf(w, "ok\t%x\n", r)
		}
	}
}
