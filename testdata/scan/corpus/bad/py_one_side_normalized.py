# expect: S001
if normalize_url(canonical) == page_url:
    ok = True
