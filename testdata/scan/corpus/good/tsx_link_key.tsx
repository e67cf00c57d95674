const seen = new Set(items.map((i) => urlKey(i.href)));
export const isSeen = (href: string) => seen.has(urlKey(href));
