"""Reads the WordPress site over its REST API: posts and pages."""
import json
from urllib.parse import quote
from urllib.request import urlopen

SITE = "https://example.com"


def _get_json(url):
    with urlopen(url) as resp:
        return json.load(resp)


def fetch_posts():
    return _get_json(SITE + "/wp-json/wp/v2/posts?per_page=100")


def fetch_pages():
    return _get_json(SITE + "/wp-json/wp/v2/pages?per_page=100")


def fetch_tag_page(tag_name):
    with urlopen(SITE + "/tag/" + quote(tag_name, safe="") + "/") as resp:
        return resp.read()
