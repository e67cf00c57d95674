const keys = new Set(posts.map(p => normalizeUrl(p.link)));
const missing = urls.filter(u => !keys.has(normalizeUrl(u)));
