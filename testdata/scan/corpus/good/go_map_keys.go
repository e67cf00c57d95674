package main

func missing(urls []string, seen map[string]bool) []string {
	var out []string
	for _, u := range urls {
		if _, ok := seen[NormalizeURL(u)]; !ok {
			out = append(out, u)
		}
	}
	return out
}
