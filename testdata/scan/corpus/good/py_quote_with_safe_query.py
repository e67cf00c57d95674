from urllib.parse import quote

query = 'https://example.com/s?q=' + quote(term, safe='')
