package main

import "regexp"

var pct = regexp.MustCompile(`%[0-9a-fA-F]{2}`)

func NormalizeURL(u string) string {
	return pct.ReplaceAllStringFunc(u, strings.ToUpper)
}
