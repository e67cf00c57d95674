# expect: S007
from urllib.request import urlopen

urlopen('https://example.com/tag/ログインできない/')
