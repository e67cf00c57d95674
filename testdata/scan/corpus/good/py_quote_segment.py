from urllib.parse import quote
from urllib.request import urlopen

urlopen('https://example.com/tag/' + quote(tag, safe='') + '/')
