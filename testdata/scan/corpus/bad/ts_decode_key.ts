// expect: S003
export function urlKey(u: string): string {
  return decodeURI(u);
}
