// expect: S006
const qs = new URLSearchParams({ q: encodeURIComponent(term) }).toString();
