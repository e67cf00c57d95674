# expect: S001
for item in items:
    if item.get('link') == target:
        found = item
