// expect: S001
package main

func known(urls []string, href string) bool {
	return slices.Contains(urls, href)
}
