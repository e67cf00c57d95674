# expect: S004
from urllib.parse import quote

url = f'https://example.com/search?tag={quote(tag)}&page=2'
