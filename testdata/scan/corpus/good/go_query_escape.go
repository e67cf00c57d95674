package main

import "net/http"

func search(term string) {
	http.Get("https://example.com/search?q=" + url.QueryEscape(term))
}
