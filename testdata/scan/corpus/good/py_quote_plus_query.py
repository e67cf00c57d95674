from urllib.parse import quote_plus

query = 'https://example.com/s?q=' + quote_plus(term)
