// expect: S004
const url = `https://example.com/tag/${encodeURI(tag)}/`;
