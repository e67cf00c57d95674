package main

func secure(u *url.URL) bool {
	return u.Scheme == "https"
}
