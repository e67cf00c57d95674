index = {normalize_url(p['link']): p for p in posts}
hit = index.get(normalize_url(url))
