# expect: S007
from urllib.request import Request, urlopen

page = 'https://example.com/' + title + '/'
urlopen(Request(page))
