package main

func ok(resp *http.Response) bool {
	return resp.StatusCode == 200
}
