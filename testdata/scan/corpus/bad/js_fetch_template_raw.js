// expect: S007
fetch(`https://example.com/tag/${tag}/`);
