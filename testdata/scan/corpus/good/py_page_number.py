import requests

for page in range(1, 5):
    requests.get(f'https://example.com/wp-json/wp/v2/posts?page={page}')
