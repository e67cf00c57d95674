const known = sitemapUrls.map(normalizeUrl);
if (known.includes(normalizeUrl(link))) {
  count += 1;
}
