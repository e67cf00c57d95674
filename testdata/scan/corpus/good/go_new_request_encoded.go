package main

import "net/http"

func req(slug string) {
	http.NewRequest("GET", "https://example.com/p/"+url.PathEscape(slug), nil)
}
