// expect: S006
package main

func q(term string) string {
	v := url.Values{}
	v.Set("q", url.QueryEscape(term))
	return v.Encode()
}
