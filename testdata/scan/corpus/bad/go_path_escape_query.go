// expect: S004
package main

func search(term string) string {
	return "https://example.com/search?q=" + url.PathEscape(term)
}
