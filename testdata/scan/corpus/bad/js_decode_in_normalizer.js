// expect: S003
export function normalizeUrl(u) {
  return decodeURIComponent(u).toLowerCase();
}
