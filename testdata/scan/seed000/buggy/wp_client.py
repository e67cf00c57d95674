"""Reads the WordPress site over its REST API (posts only, as before the first fix)."""
import json
from urllib.request import urlopen

SITE = "https://example.com"


def fetch_posts():
    with urlopen(SITE + "/wp-json/wp/v2/posts?per_page=100") as resp:
        return json.load(resp)


def fetch_tag_page(tag_name):
    # The sitemap lists tags as raw Japanese (/tag/ログインできない/).
    with urlopen(SITE + "/tag/" + tag_name + "/") as resp:
        return resp.read()
