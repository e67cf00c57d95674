// expect: S002
export function normalizeLink(u: string): string {
  return u.trim();
}
export function urlKey(u: string): string {
  return u.toUpperCase();
}
