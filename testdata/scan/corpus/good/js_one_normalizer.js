export function normalizeUrl(u) {
  return u.replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

export const same = (a, b) => normalizeUrl(a) === normalizeUrl(b);
