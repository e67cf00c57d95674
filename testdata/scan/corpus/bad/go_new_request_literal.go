// expect: S007
package main

import "net/http"

func about() {
	http.NewRequest("GET", "https://example.com/運営者情報/", nil)
}
