// expect: S001
package main

func same(p Post, loc string) bool {
	return p.Link == loc
}
