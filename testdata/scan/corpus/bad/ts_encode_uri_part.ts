// expect: S004
export const searchUrl = (q: string): string => '/search?q=' + encodeURI(q);
