import requests

resp = requests.get(api_url)
if resp.status_code == 200:
    data = resp.json()
