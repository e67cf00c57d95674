// expect: S002
package main

func NormalizeURL(u string) string {
	return strings.ToUpper(u)
}

func CanonicalURL(u string) string {
	return strings.ToLower(u)
}
