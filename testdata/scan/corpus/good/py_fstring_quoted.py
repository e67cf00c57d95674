from urllib.parse import quote
import requests

requests.get(f'https://example.com/posts/{quote(slug)}/')
