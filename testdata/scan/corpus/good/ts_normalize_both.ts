export function same(a: string, b: string): boolean {
  return canonicalizeUrl(a) === canonicalizeUrl(b);
}
