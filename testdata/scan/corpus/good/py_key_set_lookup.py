def missing(local_urls, posts):
    keys = {normalize_url(p['link']) for p in posts}
    return [u for u in local_urls if normalize_url(u) not in keys]
