// expect: S002
function normalizeUrl(u) {
  return u.replace(/%[0-9a-f]{2}/gi, m => m.toUpperCase());
}
const canonicalize = (u) => u.toLowerCase();
