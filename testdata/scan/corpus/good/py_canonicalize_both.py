def canonicalize(u):
    return u.rstrip('/').replace('%e3', '%E3')


ok = canonicalize(page_url) == canonicalize(canonical)
