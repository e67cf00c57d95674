package main

import "net/http"

func get(link string) (*http.Response, error) {
	return http.Get(link)
}
