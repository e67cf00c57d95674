# expect: S002 S003
from urllib.parse import unquote


def match_key(url):
    return unquote(url)


def normalize(url):
    return url.upper()
