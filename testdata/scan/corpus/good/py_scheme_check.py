from urllib.parse import urlsplit

if urlsplit(url).scheme == 'https':
    secure = True
