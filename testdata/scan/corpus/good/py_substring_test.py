if '%' in url:
    print('has escapes')
if '/tag/' in link:
    kind = 'tag'
