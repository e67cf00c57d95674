"""Matches the tool's article list against WordPress, and the sitemap against REST links."""
from urllib.parse import unquote

from wp_client import fetch_posts


def find_missing(local_urls):
    wp_links = [post["link"] for post in fetch_posts()]
    missing = []
    for url in local_urls:
        if url not in wp_links:
            missing.append(url)
    return missing


def sitemap_key(loc):
    return unquote(loc)


def unmeasured_tags(sitemap_locs, rest_links):
    rest = {sitemap_key(link) for link in rest_links}
    return [loc for loc in sitemap_locs if sitemap_key(loc) not in rest]
