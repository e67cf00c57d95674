from urllib.request import urlopen


def get(url):
    with urlopen(url) as r:
        return r.read()
