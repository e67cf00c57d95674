# expect: S006
import requests
from urllib.parse import quote

requests.get('https://example.com/search', params={'q': quote(term)})
