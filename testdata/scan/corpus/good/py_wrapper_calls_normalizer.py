def normalize_url(u):
    return u.strip().replace('%e3', '%E3')


def url_key(u):
    return normalize_url(u)


seen = {url_key(u) for u in urls}
