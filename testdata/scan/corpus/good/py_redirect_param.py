from urllib.parse import quote

login = 'https://example.com/login?next=' + quote(url, safe='')
