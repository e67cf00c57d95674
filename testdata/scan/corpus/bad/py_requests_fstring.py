# expect: S007
import requests

requests.get(f'https://example.com/posts/{slug}/')
