# expect: S006
from urllib.parse import quote, urlencode

query = urlencode({'tag': quote(tag)})
