# expect: S001
for loc in sitemap_locs:
    if loc in rest:
        hits += 1
