from urllib.parse import urlencode
from urllib.request import urlopen

urlopen('https://example.com/search?' + urlencode({'q': term, 'lang': 'ja'}))
