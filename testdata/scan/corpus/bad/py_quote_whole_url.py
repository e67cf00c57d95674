# expect: S005
from urllib.parse import quote
from urllib.request import urlopen

urlopen(quote(url))
