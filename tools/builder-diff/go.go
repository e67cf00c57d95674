// Builder harness (Go): url.Values.Encode over the cases on stdin (`flavor TAB pairs`),
// the values made by v.Add(k, value) for each pair in order.
package main

import (
	"bufio"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
)

func main() {
	data, _ := os.ReadFile("/dev/stdin")
	lines := strings.Split(string(data), "\n")
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for _, line := range lines[:len(lines)-1] {
		field := strings.SplitN(line, "\t", 2)[1]
		v := url.Values{}
		if field != "" {
			for _, item := range strings.Split(field, ",") {
				kv := strings.SplitN(item, ":", 2)
				k, _ := hex.DecodeString(kv[0])
				val, _ := hex.DecodeString(kv[1])
				v.Add(string(k), string(val))
			}
		}
		w.WriteString(v.Encode() + "\n")
	}
}
