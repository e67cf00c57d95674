// expect: S004
const url = 'https://example.com/search?q=' + encodeURI(term);
