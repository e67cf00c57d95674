import requests

resp = requests.get('https://example.com/search', params={'q': term})
