// expect: S007
axios.get('https://example.com/search?q=' + keyword);
