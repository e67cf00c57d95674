// expect: S005
package main

import "net/http"

func get(link string) {
	http.Get(url.QueryEscape(link))
}
