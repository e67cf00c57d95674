# expect: S006
from urllib.parse import quote

segment = quote(quote(slug))
