# expect: S004
from urllib.parse import quote

url = 'https://example.com/search?q=%s' % quote(term)
