# expect: S001
wp_links = [p['link'] for p in posts]
for url in local_urls:
    if url not in wp_links:
        missing.append(url)
