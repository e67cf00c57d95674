const u = new URL('https://example.com/search');
u.searchParams.set('q', term);
fetch(u);
