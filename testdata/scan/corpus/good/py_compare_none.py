def first(url=None):
    if url is None or url == '':
        return 'https://example.com/'
    return url
