package main

func same(a, b string) bool {
	return NormalizeURL(a) == NormalizeURL(b)
}
