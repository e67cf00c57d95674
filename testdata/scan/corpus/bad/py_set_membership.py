# expect: S001
seen = set()
for link in links:
    if link in seen:
        continue
    seen.add(link)
