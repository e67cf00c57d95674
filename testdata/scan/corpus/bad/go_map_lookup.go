// expect: S001
package main

func has(seen map[string]bool, link string) bool {
	_, ok := seen[link]
	return ok
}
