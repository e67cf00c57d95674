// expect: S007
package main

import "net/http"

func tag(name string) {
	http.Get("https://example.com/tag/" + name + "/")
}
