// Component round trip on Go: each built URL parsed by net/url.Parse, the path segments of
// EscapedPath decoded once with PathUnescape, the query with ParseQuery, the fragment as
// URL.Fragment (decoded once by Parse); every value must come back exactly, and the host and
// port as built. ParseQuery returns a map, so parameters are compared name by name, each
// name's values in order.
// Input: the JSON lines of `cargo run --example build_corpus` on stdin.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"strconv"
	"strings"
)

type corpusCase struct {
	Scheme    string      `json:"scheme"`
	AsciiHost string      `json:"ascii_host"`
	Port      *int        `json:"port"`
	Segments  []string    `json:"segments"`
	Params    [][2]string `json:"params"`
	Fragment  *string     `json:"fragment"`
	URL       string      `json:"url"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	passed, failed := 0, 0
	for in.Scan() {
		var c corpusCase
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			fmt.Println("bad corpus line:", err)
			os.Exit(2)
		}
		problems := check(c)
		if len(problems) == 0 {
			passed++
			continue
		}
		failed++
		if failed <= 5 {
			fmt.Printf("  MISMATCH %s\n    (go, put in): %s\n", c.URL, strings.Join(problems, "; "))
		}
	}
	fmt.Printf("go net/url: %d URLs gave every component back\n", passed)
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 || passed == 0 {
		os.Exit(1)
	}
}

func check(c corpusCase) []string {
	var p []string
	u, err := url.Parse(c.URL)
	if err != nil {
		return []string{"url.Parse: " + err.Error()}
	}
	if u.Scheme != c.Scheme {
		p = append(p, fmt.Sprintf("scheme %q, put in %q", u.Scheme, c.Scheme))
	}
	host := c.AsciiHost
	if strings.HasPrefix(host, "[") {
		host = host[1:strings.Index(host, "]")]
	} else if i := strings.Index(host, ":"); i >= 0 {
		host = host[:i]
	}
	if u.Hostname() != host {
		p = append(p, fmt.Sprintf("host %q, put in %q", u.Hostname(), host))
	}
	wantPort := ""
	if c.Port != nil {
		wantPort = strconv.Itoa(*c.Port)
	}
	if u.Port() != wantPort {
		p = append(p, fmt.Sprintf("port %q, put in %q", u.Port(), wantPort))
	}
	var segs []string
	for _, s := range strings.Split(strings.TrimPrefix(u.EscapedPath(), "/"), "/") {
		d, err := url.PathUnescape(s)
		if err != nil {
			return append(p, "PathUnescape: "+err.Error())
		}
		segs = append(segs, d)
	}
	if !reflect.DeepEqual(segs, c.Segments) {
		p = append(p, fmt.Sprintf("segments %q, put in %q", segs, c.Segments))
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return append(p, "ParseQuery: "+err.Error())
	}
	want := url.Values{}
	for _, kv := range c.Params {
		want[kv[0]] = append(want[kv[0]], kv[1])
	}
	if !reflect.DeepEqual(q, want) && !(len(q) == 0 && len(want) == 0) {
		p = append(p, fmt.Sprintf("params %q, put in %q", q, want))
	}
	if c.Fragment != nil && u.Fragment != *c.Fragment {
		p = append(p, fmt.Sprintf("fragment %q, put in %q", u.Fragment, *c.Fragment))
	}
	if c.Fragment == nil && strings.Contains(c.URL, "#") {
		p = append(p, "a fragment that was not put in")
	}
	return p
}
