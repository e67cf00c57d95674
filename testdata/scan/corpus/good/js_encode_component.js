const url = 'https://example.com/search?q=' + encodeURIComponent(term);
fetch(url);
