// expect: S001
const wpLinks = posts.map(p => p.link);
const missing = urls.filter(u => !wpLinks.includes(u));
