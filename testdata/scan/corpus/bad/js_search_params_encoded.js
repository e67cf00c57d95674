// expect: S006
const u = new URL('https://example.com/search');
u.searchParams.set('q', encodeURIComponent(term));
