known = set(map(normalize_url, sitemap_urls))
for link in rest_links:
    if normalize_url(link) in known:
        print(link)
