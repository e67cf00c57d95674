// expect: S003
package main

func NormalizeURL(u string) string {
	s, _ := url.PathUnescape(u)
	return s
}
