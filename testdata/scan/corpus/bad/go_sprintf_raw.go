// expect: S007
package main

import (
	"fmt"
	"net/http"
)

func tag(name string) {
	http.Get(fmt.Sprintf("https://example.com/tag/%s/", name))
}
