import requests

requests.get(BASE_URL + '/wp-json/wp/v2/pages?per_page=100')
