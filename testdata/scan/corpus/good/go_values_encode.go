package main

func search(term string) string {
	v := url.Values{}
	v.Set("q", term)
	return "https://example.com/search?" + v.Encode()
}
