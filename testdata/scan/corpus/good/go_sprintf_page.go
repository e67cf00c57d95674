package main

import (
	"fmt"
	"net/http"
)

func page(n int) {
	http.Get(fmt.Sprintf("https://example.com/posts?page=%d", n))
}
